import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import 'mantine-datatable/styles.css';
import './app/global.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { wireAuthEffects } from './app/auth-effects';
import { Providers } from './app/providers';
import { createPublicRouter } from './app/public-router';
import { createQueryClient } from './app/query-client';
import type { AppRouter } from './app/router';
import { authStore } from './lib/auth-client';
import { hasStoredSession } from './lib/auth-storage';
import { loadAllTexts } from './lib/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('Fant ikke #root i index.html');

const queryClient = createQueryClient();
const context = { auth: authStore, queryClient };
const reactRoot = createRoot(root);

/** The app's router module and all its texts, asked for once (the sign-in page prefetches them). */
let appCode: ReturnType<typeof loadAppCode> | null = null;
function loadAppCode() {
  return Promise.all([import('./app/router'), loadAllTexts()]).then(([module]) => module);
}
const appRouterCode = () => {
  appCode ??= loadAppCode();
  return appCode;
};

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

/** The router on screen, or about to be: the auth effects act on whichever it is when an event comes. */
let router: Promise<AppRouter>;
/** The sign-in pages' router while it is the one on screen (a visit without a stored session). */
let publicRouter: AppRouter | null = null;

/** Once the browser has nothing else to do (or after `timeout` ms), where it can tell; else after 500 ms. */
function whenIdle(run: () => void, timeout: number) {
  if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout });
  else setTimeout(run, 500);
}

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
        void import('./lib/pwa/service-worker')
          .then((worker) => worker.registerServiceWorker())
          .catch(() => {}),
      5000,
    );
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/**
 * The app's router, its first page's code arriving with it. After signing in this runs in the same document
 * (decision 040): the sign-in pages' router gives way to the app's, nothing is loaded twice. Should its code
 * fail to load, the page asked for is loaded anew.
 */
let appStarted = false;
function startApp(href?: string) {
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
  router = appRouterCode().then((module) => module.createAppRouter(context));
  void router.then(show, () => window.location.reload());
  void router.then((ready) => {
    const unsubscribe = ready.subscribe('onResolved', () => {
      unsubscribe();
      registerServiceWorker();
    });
  });
}

/**
 * While the sign-in form is on screen, once the browser is idle: the app's router, its texts, the layout and
 * the dashboard (where signing in leads unless a page was asked for), so that pressing 'Fortsett' waits only
 * for the sign-in itself (decision 040).
 */
function prefetchApp() {
  whenIdle(
    () =>
      void Promise.all([
        appRouterCode(),
        import('./app/layout/app-layout'),
        import('./app/pages/dashboard/dashboard-page'),
      ]).catch(() => {}),
    2000,
  );
}

// Without a stored session only the sign-in pages can show: their router alone, so the first screen loads
// none of the app (docs/decisions/021-compression.md); its code follows while the form is filled in.
if (hasStoredSession()) {
  startApp();
} else {
  publicRouter = createPublicRouter(context, startApp);
  router = Promise.resolve(publicRouter);
  void router.then(show);
  prefetchApp();
}

wireAuthEffects({
  store: authStore,
  router: () => router,
  queryClient,
  logRestoredSession: async () => {
    const [{ apiRequest }, { LOG_TYPES }] = await Promise.all([
      import('./lib/api-client'),
      import('@vaskedrift/shared/log-types'),
    ]);
    return apiRequest('POST', 'backend/logs/create', { type: LOG_TYPES.session.loginAuto });
  },
});
