import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { AuthProvider } from '../lib/auth-context';
import type { AuthStore } from '../lib/auth-store';
import { lazyAfterFirstPage } from '../lib/first-page';
import { DEFAULT_COLOR_SCHEME, ktColorSchemeManager } from './theme/color-scheme-manager';
import { cssVariablesResolver, theme } from './theme/theme';

const colorSchemeManager = ktColorSchemeManager();

/**
 * The toasts' container (with its transitions) loads once the first page is drawn, not with the app's file: no
 * page needs it to draw (decision 040). A toast shown before it is there waits in Mantine's store and shows
 * once it is.
 */
const Toasts = lazyAfterFirstPage(() => import('./toasts').then((module) => module.Toasts));

export function Providers({
  queryClient,
  authStore,
  children,
}: {
  queryClient: QueryClient;
  authStore: AuthStore;
  children: ReactNode;
}) {
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme={DEFAULT_COLOR_SCHEME}
      cssVariablesResolver={cssVariablesResolver}
    >
      <QueryClientProvider client={queryClient}>
        <AuthProvider store={authStore}>
          <Suspense fallback={null}>
            <Toasts />
          </Suspense>
          {children}
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
