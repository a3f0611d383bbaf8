import { MantineProvider } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AuthProvider } from '../lib/auth-context';
import type { AuthStore } from '../lib/auth-store';
import { DEFAULT_COLOR_SCHEME, ktColorSchemeManager } from './theme/color-scheme-manager';
import { cssVariablesResolver, theme } from './theme/theme';

const colorSchemeManager = ktColorSchemeManager();

/**
 * Toasts at the bottom: at the top they covered a modal's or the bay panel's title (and its close button),
 * which is where a person looks after saving. Across a phone's width; at the right on larger screens.
 */
function Toasts() {
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  return <Notifications position={phone ? 'bottom-center' : 'bottom-right'} />;
}

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
          <Toasts />
          {children}
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
