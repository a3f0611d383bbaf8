import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { Suspense, useEffect, useState } from 'react';
import { OfflineBanner } from '../../components/offline-banner';
import { lazyAfterFirstPage } from '../../lib/first-page';
import { useOfflineSync } from '../../lib/offline/use-offline-sync';
import { useRealtime } from '../../lib/realtime/use-realtime';
import { UserDataGate } from '../user-data-gate';
import { AppHeader } from './app-header';
import classes from './app-layout.module.css';
import { AppSidebar } from './app-sidebar';
import { useSidebarMinimized } from './use-sidebar-minimized';

// Confirmations and forms in modals are the signed-in pages' own: the provider (and the modal code) is not part
// of the sign-in pages (docs/decisions/021-compression.md), nor of the app's file: the first page draws without
// it and it comes after (decision 040). It wraps nothing: `modals.openConfirmModal` (components/confirm.ts)
// reaches it through window events, and nothing calls `useModals`.
const ModalsHost = lazyAfterFirstPage(() => import('./modals-host').then((module) => module.ModalsHost));

export const SIDEBAR_WIDTH = 265;
export const SIDEBAR_MINIMIZED_WIDTH = 80;
export const HEADER_HEIGHT = 70;

export function AppLayout() {
  const [mobileOpened, mobile] = useDisclosure(false);
  const [minimized, setMinimized] = useSidebarMinimized();
  // Right after minimizing, the pointer is still over the sidebar: do not expand it again until it leaves.
  const [hoverSuppressed, setHoverSuppressed] = useState(false);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  useRealtime();
  useOfflineSync();

  // The mobile menu closes once the user has picked a page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on route change by design
  useEffect(() => mobile.close(), [pathname]);

  return (
    <>
      <Suspense fallback={null}>
        <ModalsHost />
      </Suspense>
      <AppShell
        layout="alt"
        header={{ height: HEADER_HEIGHT }}
        navbar={{
          width: minimized ? SIDEBAR_MINIMIZED_WIDTH : SIDEBAR_WIDTH,
          breakpoint: 'sm',
          collapsed: { mobile: !mobileOpened },
        }}
        padding={0}
        className={classes.shell}
      >
        <AppShell.Header className={classes.header}>
          <AppHeader navigationOpened={mobileOpened} onToggleNavigation={mobile.toggle} />
        </AppShell.Header>
        <AppShell.Navbar
          className={classes.navbar}
          data-minimized={minimized || undefined}
          data-hover-suppressed={hoverSuppressed || undefined}
          onMouseLeave={() => setHoverSuppressed(false)}
          withBorder={false}
        >
          <AppSidebar
            minimized={minimized}
            onToggleMinimized={() => {
              setHoverSuppressed(!minimized);
              setMinimized(!minimized);
            }}
            onCloseMobile={mobile.close}
          />
        </AppShell.Navbar>
        {mobileOpened && <div className={classes.backdrop} onClick={mobile.close} aria-hidden />}
        <AppShell.Main className={classes.main}>
          <div className={classes.content}>
            <OfflineBanner />
            <UserDataGate>
              <Outlet />
            </UserDataGate>
          </div>
        </AppShell.Main>
      </AppShell>
    </>
  );
}
