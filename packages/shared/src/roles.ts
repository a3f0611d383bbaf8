/** Levels, highest first. The numbers order the roles; only their order matters. */
export const ROLE_LEVELS = {
  superadmin: 100,
  admin: 80,
  operator: 50,
  user: 10,
} as const;

export const ROLES = ['superadmin', 'admin', 'operator', 'user'] as const;
export type Role = (typeof ROLES)[number];

export function roleLevel(role: Role): number {
  return ROLE_LEVELS[role];
}

/** True when `role` is one of `allowed`. An empty list allows every role. */
export function hasAnyRole(role: Role | null | undefined, allowed: readonly Role[]): boolean {
  if (allowed.length === 0) return role != null;
  return role != null && allowed.includes(role);
}

/** Admins and above see every facility; others only those granted to them one by one. */
export function seesAllLocations(role: Role): boolean {
  return roleLevel(role) >= ROLE_LEVELS.admin;
}

/** Nobody may give a level above their own. */
export function canAssignRole(actor: Role, target: Role): boolean {
  return roleLevel(target) <= roleLevel(actor);
}

export const ADMIN_ROLES: readonly Role[] = ['superadmin', 'admin'];
