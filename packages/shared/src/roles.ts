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

/** Operators ("Tekniker") and above acknowledge alerts of facilities they may see; users only read. */
export function canAcknowledgeAlerts(role: Role): boolean {
  return roleLevel(role) >= ROLE_LEVELS.operator;
}

/** Creating, changing and deleting facilities, bays, links and cameras is for admins and above. */
export function canManageLocations(role: Role): boolean {
  return roleLevel(role) >= ROLE_LEVELS.admin;
}

/** Starting, changing and ending maintenance: operators and above, on bays of facilities they see. */
export function canManageMaintenance(role: Role): boolean {
  return roleLevel(role) >= ROLE_LEVELS.operator;
}

/** Nobody may give a level above their own. */
export function canAssignRole(actor: Role, target: Role): boolean {
  return roleLevel(target) <= roleLevel(actor);
}

export const ADMIN_ROLES: readonly Role[] = ['superadmin', 'admin'];
