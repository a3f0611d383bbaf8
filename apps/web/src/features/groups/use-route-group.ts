import { getRouteApi } from '@tanstack/react-router';
import { useGroup } from './api/get-group';

const groupRoute = getRouteApi('/app/admin/groups/$groupId');

/** The group the current /admin/groups/{groupId} page is about. */
export function useRouteGroup() {
  const { groupId } = groupRoute.useParams();
  return { groupId, group: useGroup(groupId) };
}
