import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { DESKTOP_NOTIFICATIONS_LOCK, type UserView } from '@vaskedrift/shared';
import { authStore } from '../auth-client';
import { pushOnThisDevice } from '../push/push-browser';
import { userViewQueryKey } from '../user-data-query';
import { browserPermission, type DesktopNotifierDeps, webLocksElection } from './desktop-notifications';

/**
 * The desktop notifier's deps in a browser tab: the setting from the cached user data (off while this browser
 * has push on), the router to open a bay.
 */
export function browserDesktopDeps(queryClient: QueryClient, router: AnyRouter): DesktopNotifierDeps {
  void pushOnThisDevice.check();
  return {
    isEnabled: () => {
      const userId = authStore.getSnapshot().user?.id;
      // This browser gets the same events by Web Push: one notification per event, not two.
      if (!userId || pushOnThisDevice.get()) return false;
      return (
        queryClient.getQueryData<UserView>(userViewQueryKey(userId))?.settings_desktop_notifications === true
      );
    },
    permission: browserPermission,
    show: (title, options) => new Notification(title, options),
    focusWindow: () => window.focus(),
    navigate: (url) => void router.navigate({ href: url }),
    electLeader: webLocksElection(DESKTOP_NOTIFICATIONS_LOCK),
    icon: '/favicon.svg',
  };
}
