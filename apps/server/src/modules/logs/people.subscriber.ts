import { LOG_TYPES, type LogType } from '@vaskedrift/shared';
import type { Db } from '../../db/client';
import type { Actor } from '../../events/actor';
import type { EventBus } from '../../events/bus';
import type { DomainEvents } from '../../events/domain-events';
import type { PeopleEvents } from '../../events/people-events';
import { insertLog } from './logs.repository';

type Entry = {
  type: LogType;
  resourceType: string;
  resourceId: string;
  extraData: Record<string, unknown>;
};

/** How each people event reads in the audit log. `userId` and `ip` (who, from where) are added for all. */
const ENTRIES: { [K in keyof PeopleEvents]: (e: PeopleEvents[K]) => Entry } = {
  'users.created': (e) => ({
    type: LOG_TYPES.people.usersCreate,
    resourceType: 'users',
    resourceId: e.targetId,
    extraData: { email: e.email, role: e.role, groups: e.groups },
  }),
  'users.updated': (e) => ({
    type: LOG_TYPES.people.usersUpdate,
    resourceType: 'users',
    resourceId: e.targetId,
    extraData: { fields: e.fields, sessionsEnded: e.sessionsEnded },
  }),
  'users.deleted': (e) => ({
    type: LOG_TYPES.people.usersDelete,
    resourceType: 'users',
    resourceId: e.targetId,
    extraData: { email: e.email, role: e.role },
  }),
  'users.settings_updated': (e) => ({
    type: LOG_TYPES.people.usersSettingsUpdate,
    resourceType: 'users',
    resourceId: e.targetId,
    extraData: { fields: e.fields },
  }),
  'groups.created': (e) => ({
    type: LOG_TYPES.people.groupsCreate,
    resourceType: 'groups',
    resourceId: e.groupId,
    extraData: { name: e.name, members: e.members },
  }),
  'groups.updated': (e) => ({
    type: LOG_TYPES.people.groupsUpdate,
    resourceType: 'groups',
    resourceId: e.groupId,
    extraData: { name: e.name, fields: e.fields },
  }),
  'groups.deleted': (e) => ({
    type: LOG_TYPES.people.groupsDelete,
    resourceType: 'groups',
    resourceId: e.groupId,
    extraData: { name: e.name },
  }),
  'access.granted': (e) => ({
    type: LOG_TYPES.people.usersAccessCreate,
    resourceType: 'users',
    resourceId: e.targetId,
    extraData: { locationId: e.locationId },
  }),
  'access.revoked': (e) => ({
    type: LOG_TYPES.people.usersAccessDelete,
    resourceType: 'users',
    resourceId: e.targetId,
    extraData: { locationId: e.locationId },
  }),
  'auth.recovery_requested': (e) => ({
    type: LOG_TYPES.people.passwordRecover,
    resourceType: 'users',
    resourceId: e.userId,
    extraData: {},
  }),
  'auth.recovery_verified': (e) => ({
    type: LOG_TYPES.people.loginRecovery,
    resourceType: 'users',
    resourceId: e.userId,
    extraData: { sessionId: e.sessionId },
  }),
  'auth.password_changed': (e) => ({
    type: LOG_TYPES.people.passwordUpdate,
    resourceType: 'users',
    resourceId: e.userId,
    extraData: { sessionId: e.sessionId, sessionsEnded: e.sessionsEnded },
  }),
  'auth.mfa_verified': (e) => ({
    type: e.firstVerification ? LOG_TYPES.people.mfaEnroll : LOG_TYPES.people.mfaVerify,
    resourceType: 'users',
    resourceId: e.userId,
    extraData: { sessionId: e.sessionId, factorId: e.factorId },
  }),
  'auth.mfa_unenrolled': (e) => ({
    type: LOG_TYPES.people.mfaUnenroll,
    resourceType: 'users',
    resourceId: e.userId,
    extraData: { sessionId: e.sessionId, factorId: e.factorId },
  }),
  'auth.mfa_recovery_codes_created': (e) => ({
    type: LOG_TYPES.people.mfaRecoveryCodesCreate,
    resourceType: 'users',
    resourceId: e.userId,
    extraData: { sessionId: e.sessionId, setId: e.setId, replaced: e.replaced },
  }),
  'auth.mfa_recovery_code_used': (e) => ({
    type: LOG_TYPES.people.mfaRecoveryCodeUse,
    resourceType: 'users',
    resourceId: e.userId,
    extraData: { sessionId: e.sessionId, remaining: e.remaining },
  }),
  'users.mfa_removed': (e) => ({
    type: LOG_TYPES.people.usersMfaDelete,
    resourceType: 'users',
    resourceId: e.targetId,
    extraData: { factorsRemoved: e.factorsRemoved, sessionsLowered: e.sessionsLowered },
  }),
  'logs.updated': (e) => ({
    type: LOG_TYPES.people.logsUpdate,
    resourceType: 'logs',
    resourceId: String(e.logId),
    extraData: {},
  }),
  'logs.deleted': (e) => ({
    type: LOG_TYPES.people.logsDelete,
    resourceType: 'logs',
    resourceId: String(e.logId),
    extraData: { type: e.type },
  }),
};

/** Writes every people event to the audit log with who did it; returns the unsubscribers. */
export function subscribePeopleLogs(bus: EventBus, db: Db): Array<() => void> {
  return (Object.keys(ENTRIES) as Array<keyof PeopleEvents>).map((event) =>
    bus.on(event, (payload: DomainEvents[typeof event]) => {
      const entry = (ENTRIES[event] as (e: Actor) => Entry)(payload);
      return insertLog(db, { ...entry, userId: payload.userId, ip: payload.ip });
    }),
  );
}
