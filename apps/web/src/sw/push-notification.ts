/**
 * What a Web Push message shows (docs/decisions/036-installable-app.md): the payload the server sends
 * (`packages/shared/src/web-push.ts`), read defensively — the worker ships no zod — and turned into
 * `showNotification`'s arguments.
 */
export interface PushMessage {
  title: string;
  body: string;
  tag: string;
  url: string;
  actionToken: string | null;
  level: string;
  /** The notification event's id; null when the payload has none. */
  eventId: number | null;
}

const text = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value.length > 0 ? value.slice(0, max) : null;

/** Only a path of this app is opened from a notification, never another origin. */
function appPath(value: unknown): string {
  const path = text(value, 2000);
  return path?.startsWith('/') && !path.startsWith('//') ? path : '/';
}

/** The payload as shown; null when it is not one of ours (a message without a title is not shown). */
export function readPushMessage(raw: unknown): PushMessage | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const payload = raw as Record<string, unknown>;
  const title = text(payload.title, 200);
  if (!title) return null;
  return {
    title,
    body: text(payload.body, 500) ?? '',
    tag: text(payload.tag, 200) ?? 'vaskedrift',
    url: appPath(payload.url),
    actionToken: text(payload.actionToken, 1000),
    level: text(payload.level, 40) ?? 'info',
    eventId: Number.isSafeInteger(payload.eventId) ? (payload.eventId as number) : null,
  };
}

/**
 * The events this worker has shown, the last `limit` of them. A push service delivers at least once: a
 * request that outlived the sender's deadline is sent again, and the device gets the message twice. The
 * second must not ring again, nor replace its own 'Kvittert'. An event counts as shown once `show` has
 * succeeded: while it runs a repeat is dropped (it would ring twice), and a show that failed is forgotten,
 * so the next delivery of the event (the push service's retry) is shown. Kept in memory: a worker the
 * browser stopped in between forgets, and shows it again.
 */
export function createShownEvents(limit = 200): {
  showOnce(message: PushMessage, show: () => Promise<void>): Promise<void>;
} {
  const shown = new Set<number>();
  return {
    async showOnce(message, show) {
      const id = message.eventId;
      if (id === null) return show();
      if (shown.has(id)) return;
      shown.add(id);
      if (shown.size > limit) shown.delete(shown.values().next().value as number);
      try {
        await show();
      } catch (error) {
        shown.delete(id);
        throw error;
      }
    },
  };
}

export const ACKNOWLEDGE_ACTION = 'ack';
const OPEN_ACTION = 'open';

/** `showNotification`'s options: 'Jeg ser på det' only when the message may be acknowledged, 'Åpne' always. */
export function notificationOptions(message: PushMessage): NotificationOptions & {
  actions: { action: string; title: string }[];
  renotify: boolean;
} {
  return {
    body: message.body,
    tag: message.tag,
    // A newer message about the same bay replaces the older one; it still rings.
    renotify: true,
    requireInteraction: message.level === 'critical',
    data: message,
    icon: '/icons/icon-192.png',
    badge: '/icons/badge-96.png',
    actions: [
      ...(message.actionToken ? [{ action: ACKNOWLEDGE_ACTION, title: 'Jeg ser på det' }] : []),
      { action: OPEN_ACTION, title: 'Åpne' },
    ],
  };
}

/** The short notification after 'Jeg ser på det': the server's Norwegian answer, or why it failed. */
export function acknowledgedNotice(
  message: PushMessage,
  answer: { ok: boolean; message: string | null },
): { title: string; options: NotificationOptions } {
  return {
    title: answer.ok ? 'Kvittert' : 'Kunne ikke kvittere',
    options: {
      body: answer.message ?? (answer.ok ? message.title : 'Ingen forbindelse. Åpne appen og prøv igjen.'),
      tag: message.tag,
      data: { ...message, actionToken: null },
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
    },
  };
}
