import {
  isAdminRole,
  type Person,
  type User,
  type UserChange,
  userDeleteDenial,
  userFactorRemovalDenial,
  userUpdateDenial,
} from '@vaskedrift/shared';
import { useAuth } from '../../lib/auth-context';

export interface UserPermissions {
  self: boolean;
  isAdmin: boolean;
  canEdit: boolean;
  canEditEmail: boolean;
  canEditRole: boolean;
  canEditGroups: boolean;
  canChangeStatus: boolean;
  canDelete: boolean;
  canRemoveTwoFactor: boolean;
}

const NONE: UserPermissions = {
  self: false,
  isAdmin: false,
  canEdit: false,
  canEditEmail: false,
  canEditRole: false,
  canEditGroups: false,
  canChangeStatus: false,
  canDelete: false,
  canRemoveTwoFactor: false,
};

/** What `actor` may do to `target`, asked of the same rules the server applies (packages/shared). */
export function userPermissions(actor: Person | null, target: User | undefined): UserPermissions {
  if (!actor || !target) return NONE;
  const subject = {
    id: target.id,
    role: target.role,
    email: target.email,
    disabled: target.disabledAt !== null,
  };
  const allows = (change: UserChange) => userUpdateDenial(actor, subject, change) === null;
  return {
    self: actor.id === target.id,
    isAdmin: isAdminRole(actor.role),
    canEdit: allows({}),
    canEditEmail: allows({ email: `endret.${target.email}` }),
    canEditRole: allows({ role: target.role === 'user' ? 'operator' : 'user' }),
    canEditGroups: allows({ groups: [] }),
    canChangeStatus: allows({ disabled: target.disabledAt === null }),
    canDelete: userDeleteDenial(actor, target) === null,
    canRemoveTwoFactor: userFactorRemovalDenial(actor, target) === null,
  };
}

export function useUserPermissions(target: User | undefined): UserPermissions {
  const { user, role } = useAuth();
  return userPermissions(user && role ? { id: user.id, role } : null, target);
}
