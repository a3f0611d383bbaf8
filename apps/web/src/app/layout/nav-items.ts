import { type Icon, IconBuildingStore, IconLayoutDashboard } from '@tabler/icons-react';
import { ADMIN_ROLES, type Role } from '@vaskedrift/shared';
import type { TranslationKey } from '../../lib/i18n';

export interface NavItem {
  to: '/' | '/locations';
  label: TranslationKey;
  icon: Icon;
  /** Shown only to these roles; the route's own guard says the same. */
  roles?: readonly Role[];
}

/** Menu entries appear here only once their route exists. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', label: 'nav.dashboard', icon: IconLayoutDashboard },
  { to: '/locations', label: 'nav.locations', icon: IconBuildingStore, roles: ADMIN_ROLES },
];
