import { type AnyRouteMatch, useMatches } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export interface Crumb {
  label: string;
  /** The route's path pattern and its params, so a crumb links like any typed link. */
  to: AnyRouteMatch['fullPath'];
  params: AnyRouteMatch['params'];
  key: string;
}

/** Breadcrumbs from the matched routes that have a title, outermost first. */
export function useBreadcrumbs(): Crumb[] {
  const { t } = useTranslation();
  const matches = useMatches();
  return matches.flatMap((match) => {
    const key = match.staticData.breadcrumb ?? match.staticData.title;
    return key ? [{ label: t(key), to: match.fullPath, params: match.params, key: match.id }] : [];
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
