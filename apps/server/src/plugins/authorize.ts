import { canManageLocations, type Denial, type Person, peopleAdminDenial } from '@vaskedrift/shared';
import type { FastifyRequest } from 'fastify';
import { AppError, ForbiddenError } from '../lib/errors';
import { type Caller, principalOf } from './authenticate';

/** The caller as the shared permission rules (packages/shared/src/permissions.ts) name a person. */
export function personOf(caller: Pick<Caller, 'userId' | 'role'>): Person {
  return { id: caller.userId, role: caller.role };
}

/** Throws the refusal as a 403 with its own code and Norwegian message; nothing when allowed. */
export function refuseIfDenied(denial: Denial | null): void {
  if (denial) throw new AppError(403, denial.code, denial.message);
}

/**
 * Route hook (`preValidation`) for admin-only people routes: the role is checked before the body is
 * validated or anything looked up, so a non-admin learns nothing but 403.
 */
export async function requirePeopleAdmin(request: FastifyRequest): Promise<void> {
  refuseIfDenied(peopleAdminDenial(principalOf(request)));
}

/**
 * Route hook (`preValidation`) for facility writes: the role is checked before the body is validated
 * or anything is looked up, so a non-admin learns nothing about ids or rules — only 403.
 */
export async function requireLocationAdmin(request: FastifyRequest): Promise<void> {
  if (!canManageLocations(principalOf(request).role)) throw new ForbiddenError();
}
