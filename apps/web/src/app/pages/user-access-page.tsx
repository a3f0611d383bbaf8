import { UserAccess } from '../../features/access';
import { useRouteUser } from '../../features/users';
import { fullName } from '../../lib/format';

/** /admin/users/{userId}/access: which facilities an operator or user sees (admins see them all). */
export function UserAccessPage() {
  const { userId, user } = useRouteUser();
  return <UserAccess userId={userId} userName={user.data ? fullName(user.data) : ''} />;
}
