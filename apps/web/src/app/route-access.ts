import { hasAnyRole, type Role } from '@vaskedrift/shared';
import type { AuthStatus } from '../lib/auth-store';

/**
 * Who may open a route. `public`: only signed-out users (the sign-in page); otherwise a signed-in
 * user is required, and when `roles` is set the user's role must be one of them.
 */
export interface RouteAccess {
  public?: boolean;
  roles?: readonly Role[];
}

export type AccessDecision = 'allow' | '/sign-in' | '/';

export function decideAccess({
  status,
  role,
  route,
}: {
  status: AuthStatus;
  role: Role | null;
  route: RouteAccess;
}): AccessDecision {
  const signedIn = status === 'signedIn';
  if (route.public) return signedIn ? '/' : 'allow';
  if (!signedIn) return '/sign-in';
  if (route.roles && (route.roles.length === 0 || !hasAnyRole(role, route.roles))) return '/';
  return 'allow';
}

/** Every route on the way to the page has its say, outermost first; all of them must allow. */
export function decideAccessForChain(
  status: AuthStatus,
  role: Role | null,
  chain: ReadonlyArray<RouteAccess | undefined>,
): AccessDecision {
  for (const route of chain) {
    if (!route) continue;
    const decision = decideAccess({ status, role, route });
    if (decision !== 'allow') return decision;
  }
  return 'allow';
}
