/**
 * This browser's side of Web Push (docs/decisions/036-installable-app.md): whether it can, whether it is
 * an iPhone outside the home-screen app (where it cannot), its subscription, and a label for its row.
 */

/** 'Chrome på Android', 'Safari på iPhone', …: the row the user sees under their devices. */
export function deviceLabel(userAgent: string): string {
  const os = /iPhone/.test(userAgent)
    ? 'iPhone'
    : /iPad/.test(userAgent)
      ? 'iPad'
      : /Android/.test(userAgent)
        ? 'Android'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(userAgent)
            ? 'Mac'
            : /CrOS/.test(userAgent)
              ? 'ChromeOS'
              : /Linux/.test(userAgent)
                ? 'Linux'
                : null;
  const browser = /Edg(e|A|iOS)?\//.test(userAgent)
    ? 'Edge'
    : /SamsungBrowser\//.test(userAgent)
      ? 'Samsung Internet'
      : /OPR\//.test(userAgent)
        ? 'Opera'
        : /Firefox\/|FxiOS\//.test(userAgent)
          ? 'Firefox'
          : /Chrome\/|CriOS\//.test(userAgent)
            ? 'Chrome'
            : /Safari\//.test(userAgent)
              ? 'Safari'
              : 'Nettleser';
  return os ? `${browser} på ${os}` : browser;
}

/** iPhone or iPad Safari outside the home-screen app: Web Push is only offered to the installed app there. */
export function needsHomeScreen(userAgent: string, standalone: boolean): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) && !standalone;
}

/** The browser's push support: a service worker, the Push API and notifications. */
export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    typeof Notification !== 'undefined'
  );
}

/** Running as the installed app (home screen), where iOS allows push. */
export function runsStandalone(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/** The VAPID public key (base64url) as the bytes `applicationServerKey` takes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** The service worker's registration once it is active (it is registered after the page loads). */
async function readyRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  return navigator.serviceWorker.ready;
}

/** This browser's push subscription, or null. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await readyRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Subscribes at the browser's push service with the server's key (the permission is asked before). */
export async function subscribe(publicKey: string): Promise<PushSubscription> {
  const registration = await readyRegistration();
  if (!registration) throw new Error('Nettleseren støtter ikke push-varsler');
  return registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: base64UrlToBytes(publicKey),
  });
}

const DEVICE_ID_KEY = 'vaskedrift-push-device';

/** The server's id of this browser's device row, kept to remove it when push is turned off here. */
export const thisDevice = {
  get(): string | null {
    try {
      return localStorage.getItem(DEVICE_ID_KEY);
    } catch {
      return null;
    }
  },
  set(id: string | null): void {
    try {
      if (id) localStorage.setItem(DEVICE_ID_KEY, id);
      else localStorage.removeItem(DEVICE_ID_KEY);
    } catch {
      // Without storage this device's row is removed from the list instead.
    }
  },
};

let pushOn = false;

/**
 * Whether this browser gets the user's notifications by push (a subscription the server has): its tabs then
 * show no desktop notification of their own, so one event is one notification (lib/realtime/desktop-browser.ts).
 */
export const pushOnThisDevice = {
  get: () => pushOn,
  set(on: boolean) {
    pushOn = on;
  },
  /** Reads it from the browser: a subscription and the server's id of its row. */
  async check(): Promise<void> {
    const subscription = await currentSubscription().catch(() => null);
    pushOn = subscription != null && thisDevice.get() != null;
  },
};
