import {
  ACCESS_ERROR_CODES,
  ACCESS_MESSAGES,
  PERMISSION_CODES,
  PERMISSION_MESSAGES,
  roleLevel,
  seesAllLocations,
  USER_MESSAGES,
  type UserAccess,
  type UserAccessChange,
  type UserAccessGrant,
} from '@vaskedrift/shared';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { AppError, ConflictError, NotFoundError } from '../../lib/errors';
import type { Caller } from '../../plugins/authenticate';
import { findUserById } from '../users';
import { deleteGrant, insertGrant, listGrantedLocations, liveLocationExists } from './access.repository';

export type AccessService = ReturnType<typeof createAccessService>;

/**
 * Facility access granted one by one to operators and users. Admins and superadmins see every facility
 * anyway, so granting to them is refused and their access answers `isAdmin: true`. Admin-only: the
 * routes check the caller's role first.
 */
export function createAccessService({ db, bus }: { db: Db; bus: EventBus }) {
  async function targetOf(caller: Caller, userId: string) {
    const target = await findUserById(db, userId);
    if (!target) throw new NotFoundError(USER_MESSAGES.notFound);
    if (roleLevel(target.role) > roleLevel(caller.role)) {
      throw new AppError(403, PERMISSION_CODES.targetAbove, PERMISSION_MESSAGES.targetAbove);
    }
    return target;
  }

  async function get(userId: string): Promise<UserAccess> {
    const target = await findUserById(db, userId);
    if (!target) throw new NotFoundError(USER_MESSAGES.notFound);
    return {
      userId: target.id,
      isAdmin: seesAllLocations(target.role),
      locations: await listGrantedLocations(db, target.id),
    };
  }

  async function grant(caller: Caller, input: UserAccessChange): Promise<UserAccessGrant> {
    const target = await targetOf(caller, input.userId);
    if (seesAllLocations(target.role)) {
      throw new ConflictError(ACCESS_MESSAGES.isAdminNoGrant, ACCESS_ERROR_CODES.isAdmin);
    }
    if (!(await liveLocationExists(db, input.locationId))) {
      throw new NotFoundError(ACCESS_MESSAGES.locationNotFound);
    }
    const { grant, created } = await insertGrant(db, { ...input, grantedBy: caller.userId });
    if (created) {
      bus.publish('access.granted', {
        userId: caller.userId,
        ip: caller.ip,
        targetId: target.id,
        locationId: input.locationId,
      });
    }
    return {
      userId: grant.userId,
      locationId: grant.locationId,
      grantedAt: grant.createdAt.toISOString(),
      grantedBy: grant.grantedBy,
    };
  }

  async function revoke(caller: Caller, input: UserAccessChange): Promise<UserAccessChange> {
    const target = await targetOf(caller, input.userId);
    if (!(await deleteGrant(db, target.id, input.locationId))) {
      throw new NotFoundError(ACCESS_MESSAGES.grantNotFound);
    }
    bus.publish('access.revoked', {
      userId: caller.userId,
      ip: caller.ip,
      targetId: target.id,
      locationId: input.locationId,
    });
    return { userId: target.id, locationId: input.locationId };
  }

  return { get, grant, revoke };
}
