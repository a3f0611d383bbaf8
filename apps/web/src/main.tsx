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
import { authStore } from './lib/auth-client';
import { hasStoredSession, takeFreshSignIn } from './lib/auth-storage';
import { loadAllTexts } from './lib/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('Fant ikke #root i index.html');

const queryClient = createQueryClient();
const freshSignIn = takeFreshSignIn();
// Without a stored session only the sign-in pages can show: their router alone, so a first visit loads
// none of the app's pages (docs/decisions/021-compression.md). Signing in then loads the app.
// Not a top-level await: the app's chunks import from this one, which must finish evaluating first.
const createRouter = hasStoredSession()
  ? Promise.all([import('./app/router'), loadAllTexts()]).then(([module]) => module.createAppRouter)
  : Promise.resolve(createPublicRouter);
const router = createRouter.then((create) => create({ auth: authStore, queryClient }));

wireAuthEffects({
  store: authStore,
  router,
  queryClient,
  logRestoredSession: async () => {
    // The app loaded right after signing in on the sign-in pages' router: not a restored session.
    if (freshSignIn) return;
    const [{ apiRequest }, { LOG_TYPES }] = await Promise.all([
      import('./lib/api-client'),
      import('@vaskedrift/shared/auth'),
    ]);
    return apiRequest('POST', 'backend/logs/create', { type: LOG_TYPES.loginAuto });
  },
});

void router.then((ready) =>
  createRoot(root).render(
    <StrictMode>
      <Providers queryClient={queryClient} authStore={authStore}>
        <RouterProvider router={ready} />
      </Providers>
    </StrictMode>,
  ),
);

// The service worker (docs/decisions/036-installable-app.md): after the page has loaded, from a chunk of its
// own, so the first screen waits for none of it.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    void import('./lib/pwa/service-worker').then((worker) => worker.registerServiceWorker()).catch(() => {});
  });
}
