import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AuthProvider } from '../lib/auth-context';
import type { AuthStore } from '../lib/auth-store';
import { DEFAULT_COLOR_SCHEME, ktColorSchemeManager } from './theme/color-scheme-manager';
import { cssVariablesResolver, theme } from './theme/theme';

const colorSchemeManager = ktColorSchemeManager();

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
          <Notifications position="top-right" />
          {children}
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
