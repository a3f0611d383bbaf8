import {
  type CreateUserInput,
  type DeletedUserFactors,
  peopleAdminDenial,
  type UpdateUserInput,
  USER_ERROR_CODES,
  USER_MESSAGES,
  type User,
  type UserGetInput,
  userCreateDenial,
  userDeleteDenial,
  userFactorRemovalDenial,
  userUpdateDenial,
  userViewDenial,
} from '@vaskedrift/shared';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { deleteSessions } from '../auth/auth.repository';
import { deleteAllFactors, listFactors } from '../auth/mfa.repository';
import { invalidateRecoveryTokens } from '../auth/recovery.repository';
import { existingGroupIds } from '../groups/groups.repository';
import { type PeopleCaller, refuseIfDenied } from './caller';
import { findUserView } from './user-profile.repository';
import {
  deleteUser,
  findUserByEmail,
  findUserById,
  findUserWithGroups,
  insertUser,
  isForeignKeyViolation,
  listUsers,
  setUserGroups,
  type UserPatch,
  type UserWithGroups,
  updateUser,
} from './users.repository';

export type UsersService = ReturnType<typeof createUsersService>;

export function toUser(row: UserWithGroups): User {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    role: row.role,
    avatar: row.avatar,
    groups: row.groups,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    disabledAt: row.disabledAt?.toISOString() ?? null,
  };
}

const emailTaken = () => new ConflictError(USER_MESSAGES.emailExists, USER_ERROR_CODES.emailExists);

/** Users: who may read and change whom is decided by packages/shared/src/permissions.ts. */
export function createUsersService({ db, bus }: { db: Db; bus: EventBus }) {
  async function assertGroupsExist(groupIds: readonly string[]) {
    const found = await existingGroupIds(db, groupIds);
    const missing = groupIds.findIndex((id) => !found.has(id));
    if (missing >= 0) {
      throw new ValidationError('Ukjent gruppe', [{ path: `groups.${missing}`, message: 'Ukjent gruppe' }]);
    }
  }

  async function loadUser(id: string): Promise<UserWithGroups> {
    const row = await findUserWithGroups(db, id);
    if (!row) throw new NotFoundError(USER_MESSAGES.notFound);
    return row;
  }

  async function get(caller: PeopleCaller, input: UserGetInput) {
    if (input.id) {
      refuseIfDenied(userViewDenial(caller, input.id));
      if (input.table) {
        const view = await findUserView(db, input.id);
        if (!view) throw new NotFoundError(USER_MESSAGES.notFound);
        return { data: view };
      }
      return { data: toUser(await loadUser(input.id)) };
    }
    refuseIfDenied(peopleAdminDenial(caller));
    const { rows, count } = await listUsers(db, input);
    return { data: rows.map(toUser), count };
  }

  async function create(caller: PeopleCaller, input: CreateUserInput): Promise<User> {
    refuseIfDenied(userCreateDenial(caller, input.role));
    await assertGroupsExist(input.groups);
    if (await findUserByEmail(db, input.email)) throw emailTaken();
    const passwordHash = await hashPassword(input.password);
    let id: string;
    try {
      id = await db.transaction(async (tx) => {
        const row = await insertUser(tx, {
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone ?? null,
          role: input.role,
        });
        if (!row) throw emailTaken(); // taken between the check and the insert
        await setUserGroups(tx, row.id, input.groups);
        return row.id;
      });
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new AppError(500, USER_ERROR_CODES.createFailed, USER_MESSAGES.createFailed, null, null, err);
    }
    bus.publish('users.created', {
      userId: caller.id,
      ip: caller.ip,
      targetId: id,
      email: input.email,
      role: input.role,
      groups: input.groups,
    });
    return toUser(await loadUser(id));
  }

  async function update(caller: PeopleCaller, input: UpdateUserInput): Promise<User> {
    refuseIfDenied(userViewDenial(caller, input.id));
    const target = await findUserById(db, input.id);
    if (!target) throw new NotFoundError(USER_MESSAGES.notFound);
    refuseIfDenied(
      userUpdateDenial(
        caller,
        { id: target.id, role: target.role, email: target.email, disabled: target.disabledAt !== null },
        { role: input.role, disabled: input.disabled, email: input.email, groups: input.groups },
      ),
    );
    if (input.groups) await assertGroupsExist(input.groups);
    if (input.email && input.email.toLowerCase() !== target.email.toLowerCase()) {
      if (await findUserByEmail(db, input.email)) throw emailTaken();
    }
    const patch: UserPatch = {
      ...(input.firstName !== undefined && { firstName: input.firstName }),
      ...(input.lastName !== undefined && { lastName: input.lastName }),
      ...(input.email !== undefined && { email: input.email }),
      ...(input.phone !== undefined && { phone: input.phone }),
      ...(input.avatar !== undefined && { avatar: input.avatar }),
      ...(input.role !== undefined && { role: input.role }),
      ...(input.password !== undefined && { passwordHash: await hashPassword(input.password) }),
    };
    const disabling = input.disabled === true && target.disabledAt === null;
    if (disabling) patch.disabledAt = new Date();
    if (input.disabled === false) patch.disabledAt = null;
    const self = caller.id === target.id;

    const sessionsEnded = await db.transaction(async (tx) => {
      if (Object.keys(patch).length > 0 && !(await updateUser(tx, target.id, patch))) throw emailTaken();
      if (input.groups) await setUserGroups(tx, target.id, input.groups);
      // A disabled user, or one whose password changed, is signed out everywhere — except the very
      // session a user changes their own password from.
      if (disabling || input.password !== undefined) {
        if (input.password !== undefined) await invalidateRecoveryTokens(tx, target.id);
        const ended = await deleteSessions(tx, target.id, self ? { except: caller.sessionId } : 'all');
        return ended.length;
      }
      return 0;
    });
    const fields = Object.keys(input).filter((key) => key !== 'id' && key !== 'confirmPassword');
    bus.publish('users.updated', {
      userId: caller.id,
      ip: caller.ip,
      targetId: target.id,
      fields,
      sessionsEnded,
    });
    return toUser(await loadUser(target.id));
  }

  async function remove(caller: PeopleCaller, id: string): Promise<{ id: string }> {
    const target = await findUserById(db, id);
    if (!target) throw new NotFoundError(USER_MESSAGES.notFound);
    refuseIfDenied(userDeleteDenial(caller, target));
    try {
      await deleteUser(db, target.id); // sessions, settings, memberships and grants go with the user
    } catch (err) {
      if (!isForeignKeyViolation(err)) throw err;
      throw new ConflictError(
        'Brukeren er i bruk og kan ikke slettes. Deaktiver brukeren i stedet.',
        'users/in-use',
      );
    }
    bus.publish('users.deleted', {
      userId: caller.id,
      ip: caller.ip,
      targetId: target.id,
      email: target.email,
      role: target.role,
    });
    return { id: target.id };
  }

  /** A locked-out user's two-factor sign-in goes (factors and recovery codes); they sign in with the password. */
  async function removeFactors(caller: PeopleCaller, userId: string): Promise<DeletedUserFactors> {
    const target = await findUserById(db, userId);
    if (!target) throw new NotFoundError(USER_MESSAGES.notFound);
    refuseIfDenied(userFactorRemovalDenial(caller, target));
    const factors = await listFactors(db, target.id);
    if (!factors.some((factor) => factor.status === 'verified')) {
      throw new ConflictError(USER_MESSAGES.noTwoFactor, USER_ERROR_CODES.noTwoFactor);
    }
    const { factorsRemoved, sessionsLowered } = await deleteAllFactors(db, target.id);
    bus.publish('users.mfa_removed', {
      userId: caller.id,
      ip: caller.ip,
      targetId: target.id,
      factorsRemoved,
      sessionsLowered,
    });
    return { userId: target.id, factorsRemoved };
  }

  return { get, create, update, remove, removeFactors };
}
