import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { authStore } from '../lib/auth-client';
import { markFirstPageDrawn, markFirstPageSoon } from '../lib/first-page';
import { loadAllTexts } from '../lib/i18n';
import { whenIdle } from '../lib/when-idle';
import { wireAuthEffects } from './auth-effects';
import { Providers } from './providers';
import { createPublicRouter } from './public-router';
import { createQueryClient } from './query-client';
import { type AppRouter, createAppRouter } from './router';

const root = document.getElementById('root');
if (!root) throw new Error('Fant ikke #root i index.html');

const queryClient = createQueryClient();
const context = { auth: authStore, queryClient };
const reactRoot = createRoot(root);

/**
 * All the Norwegian texts, asked for as this module loads: this file comes while the sign-in form is filled in
 * (`main.tsx`), and the texts' file with it (`index.html` preloads both, decision 040).
 */
const texts = loadAllTexts();

/** However the first page fares, what waits for it (lib/first-page.ts) comes after this long at the latest. */
const FIRST_PAGE_AT_LATEST_MS = 5000;

let shown = 0;
/** A router on screen; a new one replaces the sign-in pages' below the same providers (a new key). */
function show(router: AppRouter) {
  shown += 1;
  reactRoot.render(
    <StrictMode>
      <Providers queryClient={queryClient} authStore={authStore}>
        <RouterProvider key={shown} router={router} />
      </Providers>
    </StrictMode>,
  );
}

/**
 * The router on screen, or about to be: the auth effects act on whichever it is when an event comes. None
 * while `main.tsx`'s sign-in page shows.
 */
let router: Promise<AppRouter> | null = null;
/** The sign-in pages' router while it is the one on screen (a visit without a stored session). */
let publicRouter: AppRouter | null = null;

/**
 * The service worker (docs/decisions/036-installable-app.md), from a chunk of its own: after the page's `load`
 * and the app's first page, once idle, so that its precache (all the app's files) does not share a phone's
 * link with that page (decision 040).
 */
function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    whenIdle(
      () =>
        void import('../lib/pwa/service-worker')
          .then((worker) => worker.registerServiceWorker())
          .catch(() => {}),
      5000,
    );
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/**
 * The app's router at `href` (or the page's address). After signing in, on `main.tsx`'s sign-in page or in
 * the sign-in pages' router, this runs in the same document (decision 040): nothing is loaded twice. Should
 * the texts fail to load, the page asked for is loaded anew.
 */
let appStarted = false;
export function startApp(href?: string) {
  // Once per document: a second app router would replace the first.
  if (appStarted) return;
  appStarted = true;
  // The sign-in pages' router lets go of the browser's history first. Its history wraps `pushState` and
  // `replaceState` and listens for `popstate` until destroyed: left in place, the address written below
  // (and every later navigation) would run its catch-all again, which starts the app again, and it would
  // answer the back button beside the app's router.
  if (publicRouter) {
    publicRouter.history.flush();
    publicRouter.history.destroy();
    publicRouter = null;
  }
  // The sign-in pages' router may not have written the page's address yet: the app's router starts there.
  if (href !== undefined) window.history.replaceState(window.history.state, '', href);
  const created = texts.then(() => createAppRouter(context));
  router = created;
  void created.then(show, () => window.location.reload());
  void created.then((ready) => {
    const unsubscribe = ready.subscribe('onResolved', (event) => {
      unsubscribe();
      registerServiceWorker();
      // The dashboard says itself when its tiles are drawn; another first page once the browser is idle.
      if (event.toLocation.pathname !== '/') markFirstPageSoon();
    });
  });
  setTimeout(markFirstPageDrawn, FIRST_PAGE_AT_LATEST_MS);
}

/**
 * Without a stored session, on a public page other than the sign-in page (`main.tsx` draws that one): the
 * sign-in pages' router alone, whose catch-all starts the app once signed in.
 */
export function showSignInPages() {
  publicRouter = createPublicRouter(context, startApp);
  router = Promise.resolve(publicRouter);
  void router.then(show);
  markFirstPageSoon();
}

wireAuthEffects({
  store: authStore,
  router: () => router,
  queryClient,
  logRestoredSession: async () => {
    const [{ apiRequest }, { LOG_TYPES }] = await Promise.all([
      import('../lib/api-client'),
      import('@vaskedrift/shared/log-types'),
    ]);
    return apiRequest('POST', 'backend/logs/create', { type: LOG_TYPES.session.loginAuto });
  },
});
