import type { Role } from '@vaskedrift/shared';
import type { Actor } from './actor';

/**
 * Events about people and access (users, groups, facility access, recovery, two-factor). Every one
 * carries the actor, so the audit log can say who did it; field lists never carry values (no passwords).
 */
export type PeopleEvents = {
  'users.created': Actor & { targetId: string; email: string; role: Role; groups: string[] };
  'users.updated': Actor & { targetId: string; fields: string[]; sessionsEnded: number };
  'users.deleted': Actor & { targetId: string; email: string; role: Role };
  'users.settings_updated': Actor & { targetId: string; fields: string[] };
  'groups.created': Actor & { groupId: string; name: string; members: string[] };
  'groups.updated': Actor & { groupId: string; name: string; fields: string[] };
  'groups.deleted': Actor & { groupId: string; name: string };
  'access.granted': Actor & { targetId: string; locationId: string };
  'access.revoked': Actor & { targetId: string; locationId: string };
  'auth.recovery_requested': Actor;
  'auth.recovery_verified': Actor & { sessionId: string };
  'auth.password_changed': Actor & { sessionId: string; sessionsEnded: number };
  'auth.mfa_verified': Actor & { sessionId: string; factorId: string; firstVerification: boolean };
  'auth.mfa_unenrolled': Actor & { sessionId: string; factorId: string };
  'auth.mfa_recovery_codes_created': Actor & { sessionId: string; setId: string; replaced: boolean };
  'auth.mfa_recovery_code_used': Actor & { sessionId: string; remaining: number };
  /** An admin removed a locked-out user's factors and recovery codes. */
  'users.mfa_removed': Actor & { targetId: string; factorsRemoved: number; sessionsLowered: number };
  'logs.updated': Actor & { logId: number };
  'logs.deleted': Actor & { logId: number; type: string };
};
