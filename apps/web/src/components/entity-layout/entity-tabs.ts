import type { Icon } from '@tabler/icons-react';
import type { TranslationKey } from '../../lib/i18n';

/** The path of the entity's index page (its overview tab). */
const INDEX_TAB = '/';

/** One tab of a page about one thing (a facility, a bay, a user…): its route, label and icon. */
export interface EntityTab {
  /** The child route's path under the entity's route, as in `createRoute` ('/' is the entity's index page). */
  path: string;
  label: TranslationKey;
  icon: Icon;
  /** The tab shows only when the layout's `permissions[requires]` is true (the route's guard still decides). */
  requires?: string;
}

/** The tab a child route belongs to: the first path segment below the entity's route id, '/' for none. */
export function tabPathOf(entityRouteId: string, childRouteId: string | undefined): string {
  if (!childRouteId?.startsWith(entityRouteId)) return INDEX_TAB;
  return childRouteId.slice(entityRouteId.length).split('/').find(Boolean) ?? INDEX_TAB;
}

/** The address of a tab, from the entity page's own address. */
export function tabHref(entityPathname: string, tabPath: string): string {
  const base = entityPathname.replace(/\/+$/, '');
  return tabPath === INDEX_TAB ? base : `${base}/${tabPath}`;
}
