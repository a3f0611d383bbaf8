import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { ADMIN_ROLES } from '@vaskedrift/shared';

/** /admin/settings/notifications: the recipients of notifications (admins). */
export function createNotificationRoutes<TParent extends AnyRoute>(parent: TParent) {
  return createRoute({
    getParentRoute: () => parent,
    path: 'admin/settings/notifications',
    staticData: { title: 'notifications.title', access: { roles: ADMIN_ROLES } },
    component: lazyRouteComponent(() => import('./routes/notifications-page'), 'NotificationsPage'),
  });
}
