// The service worker (`/sw.js`, scope `/`; docs/decisions/036-installable-app.md): the app shell and the
// build's assets precached per version, Web Push shown as notifications, 'Jeg ser på det' answered without
// opening the app. Built into one classic script by apps/web/vite.config.ts, which writes `__SW_BUILD__`.
import {
  ACKNOWLEDGE_ACTION,
  acknowledgedNotice,
  createShownEvents,
  notificationOptions,
  type PushMessage,
  readPushMessage,
} from './push-notification';
import type { ExtendableEvent, ServiceWorkerScope, SwBuild } from './sw-scope';

/** JSON of `SwBuild`. */
declare const __SW_BUILD__: string;
declare const self: ServiceWorkerScope;

const { version, precache } = JSON.parse(__SW_BUILD__) as SwBuild;
const SHELL_PREFIX = 'vaskedrift-shell-';
const SHELL_CACHE = `${SHELL_PREFIX}${version}`;
const SHELL_PAGE = '/index.html';
const ACKNOWLEDGE_URL = '/api/v1/backend/users/push/actions/acknowledge';

self.addEventListener('install', (event) => {
  // No skipWaiting here: a new version waits until the user taps 'Oppdater' (the page sends SKIP_WAITING).
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(precache)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(SHELL_PREFIX) && name !== SHELL_CACHE)
          .map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'SKIP_WAITING') void self.skipWaiting();
});

/** Pages: the network first (never a stale app online), the precached shell when there is none. */
async function page(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match(SHELL_PAGE, { cacheName: SHELL_CACHE });
    if (shell) return shell;
    throw error;
  }
}

/** The build's files: from this version's precache, else the network (a newer page's assets). */
async function buildFile(request: Request): Promise<Response> {
  return (await caches.match(request, { cacheName: SHELL_CACHE })) ?? fetch(request);
}

const precached = new Set(precache);

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  // The API, sign-in and the live channel are never answered by the worker (offline data: lib/offline).
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') return event.respondWith(page(request));
  if (url.pathname.startsWith('/assets/') || precached.has(url.pathname))
    event.respondWith(buildFile(request));
});

const shownEvents = createShownEvents();

self.addEventListener('push', (event) => {
  let raw: unknown = null;
  try {
    raw = event.data?.json() ?? null;
  } catch {
    raw = null;
  }
  const message = readPushMessage(raw);
  if (!message) return;
  // A message delivered again is not shown again once its first delivery's notification is on the device;
  // one whose showing failed is shown when it comes again.
  event.waitUntil(
    shownEvents.showOnce(message, () =>
      self.registration.showNotification(message.title, notificationOptions(message)),
    ),
  );
});

async function acknowledge(message: PushMessage): Promise<void> {
  let answer: { ok: boolean; message: string | null };
  try {
    const response = await fetch(ACKNOWLEDGE_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: message.actionToken }),
      credentials: 'omit',
    });
    const body = (await response.json().catch(() => null)) as {
      message?: unknown;
      data?: { message?: unknown };
    } | null;
    const said = response.ok ? body?.data?.message : body?.message;
    answer = { ok: response.ok, message: typeof said === 'string' ? said : null };
  } catch {
    answer = { ok: false, message: null };
  }
  const notice = acknowledgedNotice(message, answer);
  await self.registration.showNotification(notice.title, notice.options);
}

/** Brings an open window of the app to the bay (`/?bay=<id>`), or opens one. */
async function open(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const target = new URL(url, self.location.origin).href;
  const existing = windows[0];
  if (existing) {
    // Focus is the browser's to grant (a person's tap on the notification): refused, the window is still
    // taken to the bay. navigate() works on a window this worker controls; any other is left as it is and
    // a new one opens.
    const focused = (await existing.focus().catch(() => null)) ?? existing;
    if (await focused.navigate(target).catch(() => null)) return;
  }
  await self.clients.openWindow(target);
}

/** Keeps the worker alive until `work` ends; an event made by a script has no lifetime to extend. */
function keepAlive(event: ExtendableEvent, work: Promise<unknown>): void {
  try {
    event.waitUntil(work);
  } catch {
    // The work runs all the same.
  }
}

self.addEventListener('notificationclick', (event) => {
  const message = readPushMessage(event.notification.data);
  event.notification.close();
  if (!message) return;
  if (event.action === ACKNOWLEDGE_ACTION && message.actionToken) keepAlive(event, acknowledge(message));
  else keepAlive(event, open(message.url));
});
