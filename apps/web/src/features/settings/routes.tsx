import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { ADMIN_ROLES } from '@vaskedrift/shared';

/** /admin/settings/general: the system settings (admins read, superadmins change). */
export function createSystemSettingsRoute<TParent extends AnyRoute>(parent: TParent) {
  return createRoute({
    getParentRoute: () => parent,
    path: 'admin/settings/general',
    staticData: { title: 'systemSettings.title', access: { roles: ADMIN_ROLES } },
    component: lazyRouteComponent(() => import('./routes/system-settings-page'), 'SystemSettingsPage'),
  });
}
