import { getRouteApi } from '@tanstack/react-router';
import { entityName } from '../../lib/use-route-titles';
import { useGroup } from './api/get-group';

const groupRoute = getRouteApi('/app/admin/groups/$groupId');

/** The group the current /admin/groups/{groupId} page is about. */
export function useRouteGroup() {
  const { groupId } = groupRoute.useParams();
  return { groupId, group: useGroup(groupId) };
}

/** The group's name in the breadcrumbs and the document title (`staticData.useName`), from the page's query. */
export function useGroupName(params: Record<string, string>) {
  return entityName(useGroup(params.groupId ?? ''), (g) => g.name);
}
