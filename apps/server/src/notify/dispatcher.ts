import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { type DesktopSink, desktopDeliveriesOf } from './desktop';
import {
  claimUndispatchedEvents,
  insertEventEmails,
  markEventsDispatched,
  mergeTargets,
  type NewEventEmail,
  type NotificationTarget,
  resolveTargets,
} from './dispatcher.repository';
import { renderEmail } from './email-templates';
import type { NotificationEventRow } from './notification-events';
import { createPoller } from './poller';
import { enqueueWebhookDeliveries } from './webhook-fanout';

/** Events per transaction: each batch commits on its own, so a backlog never holds many rows locked. */
export const DISPATCH_BATCH = 100;
const POLL_MS = 1000;

type Options = {
  db: Db;
  /** Whether e-mails go out (SMTP_URL set): rows are `pending`; otherwise `kept` and logged. */
  deliversEmail: boolean;
  publicUrl: string;
  log: Pick<Logger, 'info' | 'error' | 'warn'>;
  /** The senders to wake after a batch committed rows (e-mail, webhooks). */
  senders: Array<{ nudge(): void }>;
  /** Given each batch's desktop notifications after its commit (the realtime channel). */
  desktop?: DesktopSink;
  pollIntervalMs?: number;
};

/** One row per (event, address): the ways one address is reached merge, and so do their facilities. */
function emailsOf(
  events: NotificationEventRow[],
  targets: NotificationTarget[],
  publicUrl: string,
): NewEventEmail[] {
  const eventsById = new Map(events.map((event) => [event.id, event]));
  return mergeTargets(targets, (target) => `${target.eventId}:${target.email.toLowerCase()}`).flatMap(
    ({ target: { eventId, email: to }, locationIds }) => {
      const event = eventsById.get(eventId);
      if (!event) return [];
      const { subject, text } = renderEmail(event, { publicUrl, visibleLocationIds: locationIds });
      return [
        { eventId, recipientKey: to.toLowerCase(), to, subject, text, kind: `notification/${event.type}` },
      ];
    },
  );
}

/**
 * Turns recorded notification events into outbox rows (docs/decisions/019-notifications.md): claims a
 * batch with SKIP LOCKED, resolves who gets each event now, writes one e-mail per address and the webhook
 * deliveries, and stamps `dispatched_at`, all in one transaction. Every instance runs one; `nudge()` after
 * a commit that recorded events saves waiting for the next poll.
 */
export function createDispatcher({
  db,
  deliversEmail,
  publicUrl,
  log,
  senders,
  desktop,
  pollIntervalMs = POLL_MS,
}: Options) {
  async function dispatchBatch(now: Date) {
    return db.transaction(async (tx) => {
      const events = await claimUndispatchedEvents(tx, DISPATCH_BATCH);
      const live = events.filter((event) => event.suppressed === null);
      const targets = await resolveTargets(
        tx,
        live.map((event) => event.id),
        now,
      );
      const emails = emailsOf(live, targets, publicUrl);
      await insertEventEmails(tx, emails, deliversEmail ? 'pending' : 'kept', now);
      await enqueueWebhookDeliveries(
        tx,
        live.filter((event) => event.tag !== 'system'),
      );
      await markEventsDispatched(
        tx,
        events.map((event) => event.id),
        now,
      );
      return { events: events.length, emails, live, targets };
    });
  }

  /** After the commit; a fault here is logged and never fails the dispatch (e-mail is already safe). */
  async function tellDesktops(events: NotificationEventRow[], targets: NotificationTarget[]) {
    if (!desktop) return;
    try {
      const deliveries = desktopDeliveriesOf(events, targets);
      if (deliveries.length > 0) await desktop(deliveries);
    } catch (err) {
      log.warn({ err, events: events.length }, 'skrivebordsvarsler ble ikke sendt');
    }
  }

  /** Dispatches every event waiting now, batch after batch; returns how many events and e-mails. */
  async function dispatchDue(now?: Date): Promise<{ events: number; emails: number }> {
    const total = { events: 0, emails: 0 };
    for (;;) {
      const batch = await dispatchBatch(now ?? new Date());
      total.events += batch.events;
      total.emails += batch.emails.length;
      for (const email of deliversEmail ? [] : batch.emails) {
        log.info(
          { to: email.to, subject: email.subject, kind: email.kind, text: email.text },
          'varsel lagret i utboksen (SMTP_URL er ikke satt, så det sendes ikke)',
        );
      }
      if (batch.events > 0) for (const sender of senders) sender.nudge();
      await tellDesktops(batch.live, batch.targets);
      if (batch.events < DISPATCH_BATCH || poller.stopped) return total;
    }
  }

  const poller = createPoller({
    pass: () => dispatchDue(),
    intervalMs: pollIntervalMs,
    onError: (err) => log.error({ err }, 'utsending av varsler feilet (databasen?); prøver igjen'),
  });

  return { dispatchDue, start: poller.start, nudge: poller.nudge, stop: poller.stop };
}

export type Dispatcher = ReturnType<typeof createDispatcher>;
