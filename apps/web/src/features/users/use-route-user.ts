import { getRouteApi } from '@tanstack/react-router';
import { fullName } from '../../lib/format';
import { entityName } from '../../lib/use-route-titles';
import { useUser } from './api/get-user';

const userRoute = getRouteApi('/app/admin/users/$userId');

/** The user the current /admin/users/{userId} page is about. */
export function useRouteUser() {
  const { userId } = userRoute.useParams();
  return { userId, user: useUser(userId) };
}

/** The user's name in the breadcrumbs and the document title (`staticData.useName`), from the page's query. */
export function useUserName(params: Record<string, string>) {
  return entityName(useUser(params.userId ?? ''), fullName);
}
