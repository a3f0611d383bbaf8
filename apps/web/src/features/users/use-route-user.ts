import { getRouteApi } from '@tanstack/react-router';
import { useUser } from './api/get-user';

const userRoute = getRouteApi('/app/admin/users/$userId');

/** The user the current /admin/users/{userId} page is about. */
export function useRouteUser() {
  const { userId } = userRoute.useParams();
  return { userId, user: useUser(userId) };
}
