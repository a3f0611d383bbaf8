import { type AnyRouteMatch, useMatches } from '@tanstack/react-router';
import { hasAnyRole } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { useAuth } from './auth-context';

/**
 * The name of what a route is about (a facility, bay, API, user or group): a string once loaded,
 * `undefined` while loading, `null` when it cannot be had (not found, failed). Routes give it as a hook
 * over their params (`staticData.useName`) that reads the page's own query, so the cache answers it.
 */
export type EntityName = string | null | undefined;
export type UseEntityName = (params: Record<string, string>) => EntityName;

/** Shown in a breadcrumb and the document title while the name loads. */
export const NAME_PLACEHOLDER = '…';

export interface Crumb {
  /** The route's title; the label itself when the route has no name hook, the fallback when it has. */
  label: string;
  useName?: UseEntityName;
  /** The route's path pattern and its params, so a crumb links like any typed link. */
  to: AnyRouteMatch['fullPath'];
  params: AnyRouteMatch['params'];
  key: string;
}

/** What a crumb shows: the name, the placeholder while it loads, the title when there is no name. */
export function crumbText(name: EntityName, title: string): string {
  if (name === undefined) return NAME_PLACEHOLDER;
  return name ?? title;
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
    const { useName } = match.staticData;
    return [{ label: t(key), useName, to: match.fullPath, params: match.params, key: match.id }];
  });
}

export interface PageTitle {
  /** The innermost matched route's title. */
  title: string;
  /** The innermost named route's name hook and params, when the page is about something named. */
  named?: { id: string; useName: UseEntityName; params: Record<string, string>; isPage: boolean };
}

/** The title of the innermost matched route that has one, and what the page is about. */
export function usePageTitle(): PageTitle | null {
  const { t } = useTranslation();
  const found = useMatches({
    select: (matches) => {
      const titled = matches.findLast((match) => match.staticData.title);
      const named = matches.findLast((match) => match.staticData.useName);
      if (!titled?.staticData.title) return null;
      return {
        key: titled.staticData.title,
        named: named?.staticData.useName
          ? {
              id: named.id,
              useName: named.staticData.useName,
              params: named.params as Record<string, string>,
              // The named route's own page (its overview tab) has no title of its own.
              isPage: named.id === titled.id,
            }
          : undefined,
      };
    },
  });
  return found ? { title: t(found.key), named: found.named } : null;
}

/** The document title: 'Statistikk – Vaskehall 2 | Vaskedrift', or the page's name alone on its own page. */
export function documentTitle(parts: {
  title: string | null;
  name?: EntityName;
  isPage?: boolean;
  suffix: string;
}): string {
  const { title, suffix } = parts;
  if (!title) return suffix;
  if (parts.name === null || !('name' in parts)) return `${title} | ${suffix}`;
  const name = crumbText(parts.name, title);
  return parts.isPage ? `${name} | ${suffix}` : `${title} – ${name} | ${suffix}`;
}

/** A route's name from its entity query: the name, `undefined` while pending, `null` once it failed. */
export function entityName<T>(
  query: { data: T | undefined; isPending: boolean },
  name: (data: T) => string,
): EntityName {
  if (query.data !== undefined) return name(query.data);
  return query.isPending ? undefined : null;
}
