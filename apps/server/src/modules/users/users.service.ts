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
import { isForeignKeyViolation } from '../../db/violations';
import type { EventBus } from '../../events/bus';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import type { Caller } from '../../plugins/authenticate';
import { personOf, refuseIfDenied } from '../../plugins/authorize';
import { existingGroupIds } from '../groups';
import { findUserView } from './user-profile.repository';
import {
  deleteUser,
  findUserByEmail,
  findUserById,
  findUserWithGroups,
  insertUser,
  listUsers,
  setUserGroups,
  type UserPatch,
  type UserWithGroups,
  updateUser,
} from './users.repository';

export type UsersService = ReturnType<typeof createUsersService>;

function toUser(row: UserWithGroups): User {
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
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    disabledAt: row.disabledAt?.toISOString() ?? null,
  };
}

const emailTaken = () => new ConflictError(USER_MESSAGES.emailExists, USER_ERROR_CODES.emailExists);

/**
 * What an admin change to a user does to their sign-in, which the auth module owns (sessions, recovery
 * links, two-factor). The composition (`modules/people.ts`) hands it in, so users never imports auth,
 * which reads users.
 */
type SignInControls = {
  /** Ends the user's sessions, all or all but one, in the caller's transaction; the ended session ids. */
  deleteSessions(tx: Db, userId: string, which: { except: string } | 'all'): Promise<string[]>;
  /** Voids the user's unused recovery links, in the caller's transaction. */
  invalidateRecoveryTokens(tx: Db, userId: string): Promise<void>;
  /** The user's two-factor factors. */
  listFactors(db: Db, userId: string): Promise<Array<{ status: string }>>;
  /** Removes every factor and recovery code; the user's aal2 sessions drop to aal1. */
  deleteAllFactors(db: Db, userId: string): Promise<{ factorsRemoved: number; sessionsLowered: number }>;
};

async function assertGroupsExist(db: Db, groupIds: readonly string[]) {
  const found = await existingGroupIds(db, groupIds);
  const missing = groupIds.findIndex((id) => !found.has(id));
  if (missing >= 0) {
    throw new ValidationError('Ukjent gruppe', [{ path: `groups.${missing}`, message: 'Ukjent gruppe' }]);
  }
}

async function loadUser(db: Db, id: string): Promise<UserWithGroups> {
  const row = await findUserWithGroups(db, id);
  if (!row) throw new NotFoundError(USER_MESSAGES.notFound);
  return row;
}

type Deps = { db: Db; bus: EventBus; signIn: SignInControls };

/** Users: who may read and change whom is decided by packages/shared/src/permissions.ts. */
export function createUsersService(deps: Deps) {
  return { ...createUserReads(deps.db), ...createUserWrites(deps) };
}

/** One user or the list, as the caller may see them. */
function createUserReads(db: Db) {
  /** The user's row of v_users_data: yourself, or anyone as an admin (also `POST dbviews/get`). */
  async function view(caller: Caller, id: string) {
    refuseIfDenied(userViewDenial(personOf(caller), id));
    const row = await findUserView(db, id);
    if (!row) throw new NotFoundError(USER_MESSAGES.notFound);
    return row;
  }

  async function get(caller: Caller, input: UserGetInput) {
    if (input.id) {
      if (input.table) return { data: await view(caller, input.id) };
      refuseIfDenied(userViewDenial(personOf(caller), input.id));
      return { data: toUser(await loadUser(db, input.id)) };
    }
    refuseIfDenied(peopleAdminDenial(caller));
    const { rows, count } = await listUsers(db, input);
    return { data: rows.map(toUser), count };
  }

  return { get, view };
}

/** Creating, changing and deleting users, and removing a locked-out user's two-factor sign-in. */
function createUserWrites({ db, bus, signIn }: Deps) {
  async function create(caller: Caller, input: CreateUserInput): Promise<User> {
    refuseIfDenied(userCreateDenial(caller, input.role));
    await assertGroupsExist(db, input.groups);
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
      userId: caller.userId,
      ip: caller.ip,
      targetId: id,
      email: input.email,
      role: input.role,
      groups: input.groups,
    });
    return toUser(await loadUser(db, id));
  }

  async function update(caller: Caller, input: UpdateUserInput): Promise<User> {
    refuseIfDenied(userViewDenial(personOf(caller), input.id));
    const target = await findUserById(db, input.id);
    if (!target) throw new NotFoundError(USER_MESSAGES.notFound);
    refuseIfDenied(
      userUpdateDenial(
        personOf(caller),
        { id: target.id, role: target.role, email: target.email, disabled: target.disabledAt !== null },
        { role: input.role, disabled: input.disabled, email: input.email, groups: input.groups },
      ),
    );
    if (input.groups) await assertGroupsExist(db, input.groups);
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
    const self = caller.userId === target.id;

    const sessionsEnded = await db.transaction(async (tx) => {
      if (Object.keys(patch).length > 0 && !(await updateUser(tx, target.id, patch))) throw emailTaken();
      if (input.groups) await setUserGroups(tx, target.id, input.groups);
      // A disabled user, or one whose password changed, is signed out everywhere — except the very
      // session a user changes their own password from.
      if (disabling || input.password !== undefined) {
        if (input.password !== undefined) await signIn.invalidateRecoveryTokens(tx, target.id);
        const ended = await signIn.deleteSessions(tx, target.id, self ? { except: caller.sessionId } : 'all');
        return ended.length;
      }
      return 0;
    });
    const fields = Object.keys(input).filter((key) => key !== 'id' && key !== 'confirmPassword');
    bus.publish('users.updated', {
      userId: caller.userId,
      ip: caller.ip,
      targetId: target.id,
      fields,
      sessionsEnded,
    });
    return toUser(await loadUser(db, target.id));
  }

  async function remove(caller: Caller, id: string): Promise<{ id: string }> {
    const target = await findUserById(db, id);
    if (!target) throw new NotFoundError(USER_MESSAGES.notFound);
    refuseIfDenied(userDeleteDenial(personOf(caller), target));
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
      userId: caller.userId,
      ip: caller.ip,
      targetId: target.id,
      email: target.email,
      role: target.role,
    });
    return { id: target.id };
  }

  /** A locked-out user's two-factor sign-in goes (factors and recovery codes); they sign in with the password. */
  async function removeFactors(caller: Caller, userId: string): Promise<DeletedUserFactors> {
    const target = await findUserById(db, userId);
    if (!target) throw new NotFoundError(USER_MESSAGES.notFound);
    refuseIfDenied(userFactorRemovalDenial(personOf(caller), target));
    const factors = await signIn.listFactors(db, target.id);
    if (!factors.some((factor) => factor.status === 'verified')) {
      throw new ConflictError(USER_MESSAGES.noTwoFactor, USER_ERROR_CODES.noTwoFactor);
    }
    const { factorsRemoved, sessionsLowered } = await signIn.deleteAllFactors(db, target.id);
    bus.publish('users.mfa_removed', {
      userId: caller.userId,
      ip: caller.ip,
      targetId: target.id,
      factorsRemoved,
      sessionsLowered,
    });
    return { userId: target.id, factorsRemoved };
  }

  return { create, update, remove, removeFactors };
}
