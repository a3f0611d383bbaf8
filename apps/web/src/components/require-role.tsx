import { hasAnyRole, type Role } from '@vaskedrift/shared';
import type { ReactNode } from 'react';
import { useAuth } from '../lib/auth-context';

/** Renders `children` only when the signed-in user's role is one of `roles` (the server still decides). */
export function RequireRole({
  roles,
  children,
  fallback = null,
}: {
  roles: readonly Role[];
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const { status, role } = useAuth();
  return status === 'signedIn' && roles.length > 0 && hasAnyRole(role, roles) ? children : fallback;
}
