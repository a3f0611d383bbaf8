import {
  type DesktopNotification,
  desktopNotificationSchema,
  desktopNotificationTag,
} from '@vaskedrift/shared';

/** What the browser says of notifications: its permission, or `unsupported` without the Notification API. */
export type DesktopPermission = NotificationPermission | 'unsupported';

/** The part of a shown system notification this code touches; narrow so tests can fake it. */
export interface ShownNotification {
  onclick: ((event: Event) => void) | null;
  close(): void;
}

export interface DesktopNotifierDeps {
  /** The signed-in user's setting (`settings_desktop_notifications`), read when a notification arrives. */
  isEnabled(): boolean;
  permission(): DesktopPermission;
  show(title: string, options: NotificationOptions): ShownNotification;
  focusWindow(): void;
  /** Opens a path of the app in this tab (the router). */
  navigate(url: string): void;
  /**
   * Joins the election of the tab that shows notifications (Web Locks): calls `onLeader` once this tab holds
   * the lock; answers the function that leaves. Null when the browser has no Web Locks: every tab shows them
   * and the notification's `tag` folds the copies into one.
   */
  electLeader: ((onLeader: () => void) => () => void) | null;
  icon: string;
}

/**
 * Shows the desktop notifications the server sends this user (docs/decisions/019-notifications.md, Desktop):
 * only when the user's setting is on and the browser granted permission, and only in the leader tab, so one
 * event is one notification however many tabs are open. A click brings the app to the front on the bay.
 */
export function startDesktopNotifications(deps: DesktopNotifierDeps) {
  let leader = deps.electLeader === null;
  const leave = deps.electLeader?.(() => {
    leader = true;
  });

  function receive(raw: unknown) {
    const parsed = desktopNotificationSchema.safeParse(raw);
    if (!parsed.success || !leader || !deps.isEnabled() || deps.permission() !== 'granted') return;
    show(parsed.data);
  }

  function show(notification: DesktopNotification) {
    const shown = deps.show(notification.title, {
      body: notification.body,
      tag: desktopNotificationTag(notification.id),
      icon: deps.icon,
    });
    shown.onclick = (event) => {
      event.preventDefault();
      deps.focusWindow();
      deps.navigate(notification.url);
      shown.close();
    };
  }

  return {
    receive,
    stop() {
      leave?.();
      leader = false;
    },
  };
}

/**
 * Asks for permission when the user turns the setting on (from the click, as browsers require): answers
 * `granted` at once when already granted, `denied` without asking when the user blocked it before.
 */
export async function askDesktopPermission(browser: {
  permission(): DesktopPermission;
  request(): Promise<NotificationPermission>;
}): Promise<DesktopPermission> {
  const now = browser.permission();
  if (now === 'granted' || now === 'denied' || now === 'unsupported') return now;
  return browser.request();
}

/** The browser's Notification API, or `unsupported`. */
export const browserPermission = (): DesktopPermission =>
  typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;

/** Web Locks leader election: the tab holding the lock leads until it closes; the next waiting tab follows. */
export function webLocksElection(name: string): DesktopNotifierDeps['electLeader'] {
  if (typeof navigator === 'undefined' || !navigator.locks) return null;
  return (onLeader) => {
    const controller = new AbortController();
    let release: () => void = () => {};
    navigator.locks
      .request(name, { signal: controller.signal }, () => {
        onLeader();
        // Held until this tab leaves (or closes, when the browser frees it).
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      })
      .catch(() => {});
    return () => {
      controller.abort();
      release();
    };
  };
}
