import { canAssignRole, ROLE_LEVELS, type Role, roleLevel } from './roles';
import { MESSAGES } from './validation';

/**
 * "May this user do X to Y": the one place the rules about people live. The server's services refuse
 * with these answers; the web app asks the same functions to hide what would be refused.
 */

/** Someone acting, or someone acted upon. */
export type Person = { id: string; role: Role };

/** Why something is refused: a code for programs and a Norwegian message for people. */
export type Denial = { code: string; message: string };

export const PERMISSION_MESSAGES = {
  forbidden: 'Du har ikke tilgang til dette',
  onlyOwnProfile: 'Du kan bare se og endre din egen profil',
  targetAbove: 'Du kan ikke endre en bruker med høyere nivå enn deg',
  deleteAbove: 'Du kan ikke slette en bruker med høyere nivå enn deg',
  ownRole: 'Du kan ikke endre din egen rolle',
  disableSelf: 'Du kan ikke deaktivere deg selv',
  deleteSelf: 'Du kan ikke slette deg selv',
  adminOnlyField: 'Bare en administrator kan endre e-post, grupper eller status',
  ownFactor: 'Din egen tofaktor fjerner du under Min profil',
} as const;

export const PERMISSION_CODES = {
  forbidden: 'auth/forbidden',
  onlyOwnProfile: 'users/only-own-profile',
  targetAbove: 'users/target-above',
  roleTooHigh: 'users/role-too-high',
  ownRole: 'users/own-role',
  disableSelf: 'users/disable-self',
  deleteSelf: 'users/delete-self',
  adminOnlyField: 'users/admin-only-field',
  ownFactor: 'users/own-factor',
} as const;

const deny = (code: keyof typeof PERMISSION_CODES, message: string): Denial => ({
  code: PERMISSION_CODES[code],
  message,
});
const FORBIDDEN = deny('forbidden', PERMISSION_MESSAGES.forbidden);

/** Admins and superadmins manage users, groups, facility access and the log. */
export function isAdminRole(role: Role | null | undefined): boolean {
  return role != null && roleLevel(role) >= ROLE_LEVELS.admin;
}

/** The roles a user may give others, highest first (for the role picker). */
export function assignableRoles(actor: Role): Role[] {
  return (Object.keys(ROLE_LEVELS) as Role[]).filter((role) => canAssignRole(actor, role));
}

/** Listing users, creating them, groups, facility access and the log: admins and above only. */
export function peopleAdminDenial(actor: Pick<Person, 'role'>): Denial | null {
  return isAdminRole(actor.role) ? null : FORBIDDEN;
}

/** Reading one user's profile: yourself, or anyone if you are an admin. */
export function userViewDenial(actor: Person, targetId: string): Denial | null {
  if (actor.id === targetId || isAdminRole(actor.role)) return null;
  return deny('onlyOwnProfile', PERMISSION_MESSAGES.onlyOwnProfile);
}

/** Creating a user with `role`. */
export function userCreateDenial(actor: Pick<Person, 'role'>, role: Role): Denial | null {
  if (!isAdminRole(actor.role)) return FORBIDDEN;
  if (!canAssignRole(actor.role, role)) return deny('roleTooHigh', MESSAGES.roleTooHigh);
  return null;
}

/** What an update asks to change, as far as the rules care. */
export type UserChange = {
  role?: Role;
  disabled?: boolean;
  email?: string;
  groups?: readonly string[];
};

/**
 * Changing a user. Yourself: your name, phone, avatar, password, settings, theme and config — never your
 * own role or status. Others: only as an admin, only users at or below your own level, and never to a
 * level above your own. Values equal to the current ones count as no change, so a form may send them.
 */
export function userUpdateDenial(
  actor: Person,
  target: Person & { email?: string; disabled?: boolean },
  change: UserChange,
): Denial | null {
  const self = actor.id === target.id;
  const admin = isAdminRole(actor.role);
  if (!self && !admin) return deny('onlyOwnProfile', PERMISSION_MESSAGES.onlyOwnProfile);
  if (!self && roleLevel(target.role) > roleLevel(actor.role)) {
    return deny('targetAbove', PERMISSION_MESSAGES.targetAbove);
  }
  const roleChanges = change.role !== undefined && change.role !== target.role;
  if (roleChanges && change.role && !canAssignRole(actor.role, change.role)) {
    return deny('roleTooHigh', MESSAGES.roleTooHigh);
  }
  if (self && roleChanges) return deny('ownRole', PERMISSION_MESSAGES.ownRole);
  if (self && change.disabled === true) return deny('disableSelf', PERMISSION_MESSAGES.disableSelf);
  if (!admin) {
    const emailChanges =
      change.email !== undefined && change.email.toLowerCase() !== target.email?.toLowerCase();
    const statusChanges = change.disabled !== undefined && change.disabled !== (target.disabled ?? false);
    if (emailChanges || statusChanges || change.groups !== undefined) {
      return deny('adminOnlyField', PERMISSION_MESSAGES.adminOnlyField);
    }
  }
  return null;
}

/** Deleting a user: admins only, never yourself, never someone above your level. */
export function userDeleteDenial(actor: Person, target: Person): Denial | null {
  if (!isAdminRole(actor.role)) return FORBIDDEN;
  if (actor.id === target.id) return deny('deleteSelf', PERMISSION_MESSAGES.deleteSelf);
  if (roleLevel(target.role) > roleLevel(actor.role)) {
    return deny('targetAbove', PERMISSION_MESSAGES.deleteAbove);
  }
  return null;
}

/**
 * Removing another user's two-factor sign-in (a lost phone): admins only, never someone above your level,
 * and never yourself — your own factor is removed from your profile, with a fresh sign-in and a code.
 */
export function userFactorRemovalDenial(actor: Person, target: Person): Denial | null {
  if (!isAdminRole(actor.role)) return FORBIDDEN;
  if (actor.id === target.id) return deny('ownFactor', PERMISSION_MESSAGES.ownFactor);
  if (roleLevel(target.role) > roleLevel(actor.role)) {
    return deny('targetAbove', PERMISSION_MESSAGES.targetAbove);
  }
  return null;
}
