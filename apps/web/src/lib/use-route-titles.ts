import { type AnyRouteMatch, useMatches } from '@tanstack/react-router';
import { hasAnyRole } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { useAuth } from './auth-context';

export interface Crumb {
  label: string;
  /** The route's path pattern and its params, so a crumb links like any typed link. */
  to: AnyRouteMatch['fullPath'];
  params: AnyRouteMatch['params'];
  key: string;
}

/**
 * Breadcrumbs from the matched routes that have a title, outermost first. A crumb limited to some roles
 * (`breadcrumbRoles`) is left out for others, so nobody is offered a link the guard would refuse.
 */
export function useBreadcrumbs(): Crumb[] {
  const { t } = useTranslation();
  const { role } = useAuth();
  const matches = useMatches();
  return matches.flatMap((match) => {
    const key = match.staticData.breadcrumb ?? match.staticData.title;
    const roles = match.staticData.breadcrumbRoles;
    if (!key || (roles && !hasAnyRole(role, roles))) return [];
    return [{ label: t(key), to: match.fullPath, params: match.params, key: match.id }];
  });
}

/** The title of the innermost matched route that has one. */
export function usePageTitle(): string | null {
  const { t } = useTranslation();
  const key = useMatches({
    select: (matches) => matches.findLast((match) => match.staticData.title)?.staticData.title,
  });
  return key ? t(key) : null;
}
