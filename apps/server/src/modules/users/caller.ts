import { type Denial, peopleAdminDenial, type Role } from '@vaskedrift/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { principalOf } from '../../plugins/authenticate';

/** Who calls a people route: for the permission rules (id, role), the log (ip) and sessions (sessionId). */
export type PeopleCaller = { id: string; role: Role; sessionId: string; ip: string | null };

export function peopleCallerOf(request: FastifyRequest): PeopleCaller {
  const { userId, role, sessionId } = principalOf(request);
  return { id: userId, role, sessionId, ip: request.ip ?? null };
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
