import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import 'mantine-datatable/styles.css';
import './app/global.css';
import './lib/i18n';
import { RouterProvider } from '@tanstack/react-router';
import { LOG_TYPES } from '@vaskedrift/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { wireAuthEffects } from './app/auth-effects';
import { Providers } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { apiRequest } from './lib/api-client';
import { authStore } from './lib/auth-client';

const queryClient = createQueryClient();
const router = createAppRouter({ auth: authStore, queryClient });
wireAuthEffects({
  store: authStore,
  router,
  queryClient,
  logRestoredSession: () => apiRequest('POST', 'backend/logs/create', { type: LOG_TYPES.loginAuto }),
});

const root = document.getElementById('root');
if (!root) throw new Error('Fant ikke #root i index.html');

createRoot(root).render(
  <StrictMode>
    <Providers queryClient={queryClient} authStore={authStore}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
