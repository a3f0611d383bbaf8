import {
  type Icon,
  IconBell,
  IconBook,
  IconBuildingStore,
  IconCarGarage,
  IconLayoutDashboard,
  IconListDetails,
  IconPlugConnected,
  IconReport,
  IconSettings,
  IconUsers,
  IconUsersGroup,
  IconWebhook,
} from '@tabler/icons-react';
import { ADMIN_ROLES, type Role } from '@vaskedrift/shared';
import type { TranslationKey } from '../../lib/i18n';

export interface NavItem {
  to:
    | '/'
    | '/locations'
    | '/locations/bays'
    | '/integrations/apis'
    | '/integrations/apis/metrics'
    | '/integrations/webhooks'
    | '/admin/users'
    | '/admin/groups'
    | '/admin/settings/notifications'
    | '/admin/settings/general'
    | '/reports/availability'
    | '/docs';
  label: TranslationKey;
  icon: Icon;
  /** Shown only to these roles; the route's own guard says the same. */
  roles?: readonly Role[];
  /** Paths under `to` that belong to another entry: this one is not marked current there. */
  notActiveOn?: readonly NavItem['to'][];
}

/** The sidebar menu: every screen of the route table that has a list or page of its own. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', label: 'nav.dashboard', icon: IconLayoutDashboard },
  {
    to: '/locations',
    label: 'nav.locations',
    icon: IconBuildingStore,
    roles: ADMIN_ROLES,
    notActiveOn: ['/locations/bays'],
  },
  { to: '/locations/bays', label: 'nav.bays', icon: IconCarGarage, roles: ADMIN_ROLES },
  {
    to: '/integrations/apis',
    label: 'nav.integrations',
    icon: IconPlugConnected,
    roles: ADMIN_ROLES,
    notActiveOn: ['/integrations/apis/metrics'],
  },
  { to: '/integrations/apis/metrics', label: 'nav.apiMetrics', icon: IconListDetails, roles: ADMIN_ROLES },
  { to: '/integrations/webhooks', label: 'nav.webhooks', icon: IconWebhook, roles: ADMIN_ROLES },
  { to: '/admin/users', label: 'nav.users', icon: IconUsers, roles: ADMIN_ROLES },
  { to: '/admin/groups', label: 'nav.groups', icon: IconUsersGroup, roles: ADMIN_ROLES },
  { to: '/admin/settings/notifications', label: 'nav.notifications', icon: IconBell, roles: ADMIN_ROLES },
  { to: '/admin/settings/general', label: 'nav.systemSettings', icon: IconSettings, roles: ADMIN_ROLES },
  { to: '/reports/availability', label: 'nav.availabilityReport', icon: IconReport, roles: ADMIN_ROLES },
  { to: '/docs', label: 'nav.docs', icon: IconBook, roles: ADMIN_ROLES },
];
