import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { EventBus } from '../events/bus';
import { deriveKey } from '../lib/crypto';
import { accessRoutes, createAccessService } from '../modules/access';
import type { AuthService } from '../modules/auth';
import {
  createMfaService,
  createRecoveryService,
  deleteAllFactors,
  deleteSessions,
  invalidateRecoveryTokens,
  listFactors,
} from '../modules/auth';
import { dbviewsRoutes } from '../modules/dbviews';
import { createGroupsService, groupsRoutes } from '../modules/groups';
import { createLogsService, logsRoutes } from '../modules/logs';
import type { Mailer } from '../modules/notifications';
import { createUserSettingsService, createUsersService, usersRoutes } from '../modules/users';

type Deps = { config: Config; db: Db; bus: EventBus; mailer: Mailer; auth: AuthService };

/** Everything about who uses Vaskedrift (users, groups, access, log, recovery, two-factor), wired once. */
export function createPeople({ config, db, bus, mailer, auth }: Deps) {
  const limit = config.loginMaxFailuresPerMinute;
  return {
    recovery: createRecoveryService({
      db,
      bus,
      mailer,
      sessions: auth.sessions,
      publicUrl: config.publicUrl,
      maxRequestsPerMinute: limit,
    }),
    mfa: createMfaService({
      db,
      bus,
      sessions: auth.sessions,
      totpKey: deriveKey(config.secretKey, 'totp'),
      maxFailuresPerMinute: limit,
    }),
    users: createUsersService({
      db,
      bus,
      signIn: { deleteSessions, invalidateRecoveryTokens, listFactors, deleteAllFactors },
    }),
    settings: createUserSettingsService({ db, bus }),
    groups: createGroupsService({ db, bus }),
    access: createAccessService({ db, bus }),
    logs: createLogsService({ db, bus }),
  };
}

export type People = ReturnType<typeof createPeople>;

/** The /api/v1 routes of people and access. */
export async function peopleRoutes(api: FastifyInstance, people: People) {
  await api.register(usersRoutes, { users: people.users, settings: people.settings });
  await api.register(accessRoutes, { access: people.access });
  await api.register(groupsRoutes, { groups: people.groups });
  await api.register(logsRoutes, { logs: people.logs });
  await api.register(dbviewsRoutes, { readers: { v_users_data: people.users.view } });
}
