import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import 'mantine-datatable/styles.css';
import './app/global.css';
import './lib/i18n';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { wireAuthEffects } from './app/auth-effects';
import { Providers } from './app/providers';
import { createPublicRouter } from './app/public-router';
import { createQueryClient } from './app/query-client';
import { authStore } from './lib/auth-client';
import { hasStoredSession } from './lib/auth-storage';

const root = document.getElementById('root');
if (!root) throw new Error('Fant ikke #root i index.html');

const queryClient = createQueryClient();
// Without a stored session only the sign-in pages can show: their router alone, so a first visit loads
// none of the app's pages (docs/decisions/021-compression.md). Signing in then loads the app.
const createRouter = hasStoredSession() ? (await import('./app/router')).createAppRouter : createPublicRouter;
const router = createRouter({ auth: authStore, queryClient });
wireAuthEffects({
  store: authStore,
  router,
  queryClient,
  logRestoredSession: async () => {
    const [{ apiRequest }, { LOG_TYPES }] = await Promise.all([
      import('./lib/api-client'),
      import('@vaskedrift/shared/logs'),
    ]);
    return apiRequest('POST', 'backend/logs/create', { type: LOG_TYPES.loginAuto });
  },
});

createRoot(root).render(
  <StrictMode>
    <Providers queryClient={queryClient} authStore={authStore}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
