import { canManageFacilities } from '@vaskedrift/shared';
import type { FastifyRequest } from 'fastify';
import { ForbiddenError } from '../../lib/errors';
import { principalOf } from '../../plugins/authenticate';
import type { Principal } from '../auth/auth.service';

/**
 * Route hook (`preValidation`) for facility writes: the role is checked before the body is validated
 * or anything is looked up, so a non-admin learns nothing about ids or rules — only 403.
 */
export async function requireFacilityAdmin(request: FastifyRequest): Promise<void> {
  if (!canManageFacilities(principalOf(request).role)) throw new ForbiddenError();
}

/** What reads need to know about the caller: who, and whether they see every facility. */
export type Viewer = Pick<Principal, 'userId' | 'role'>;

/** The caller of a facility route: who (for access filtering and events) and from where (audit log). */
export type Caller = Viewer & { ip: string | null };

export function callerOf(request: FastifyRequest): Caller {
  const { userId, role } = principalOf(request);
  return { userId, role, ip: request.ip ?? null };
}
