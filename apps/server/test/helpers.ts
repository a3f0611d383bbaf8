import { randomBytes } from 'node:crypto';
import { lookup as systemLookup } from 'node:dns';
import type { Role } from '@vaskedrift/shared';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { type AppOptions, buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { dropDatabase, ensureDatabase, withDatabase } from '../src/db/admin';
import { connectDatabase, type Database, runMigrations } from '../src/db/client';
import type { UserRow } from '../src/db/schema';
import { hashPassword } from '../src/lib/password';
import { ENGINE_POOL_SIZE } from '../src/modules/engine';
import { insertUser } from '../src/modules/users/users.repository';
import { createErrorLog, type ErrorLog } from './error-log';

export type TestContext = {
  app: FastifyInstance;
  database: Database;
  databaseUrl: string;
  /**
   * Declares an error-level log line this file provokes on purpose (a database failure, a fault). Any other
   * error line, from this app or an instance of `createTestInstance`, fails `close()`; so does a
   * declaration no line matched.
   */
  expectErrorLog(pattern: RegExp): void;
  /** Closes the instances, the app and the database, then fails on the error lines above. */
  close(): Promise<void>;
};

export type TestInstance = { app: FastifyInstance; database: Database };

type Internals = { errorLog: ErrorLog; instances: { close(): Promise<void> }[] };
const internals = new WeakMap<TestContext, Internals>();

/** A fresh, migrated database of this test file's own on the run's PostgreSQL. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `vd_test_${randomBytes(6).toString('hex')}`;
  await ensureDatabase(adminUrl, name);
  const url = withDatabase(adminUrl, name);
  await runMigrations(url);
  return { url, drop: () => dropDatabase(adminUrl, name) };
}

export type TestAppOptions = Pick<AppOptions, 'dnsLookup' | 'loopbackTargets' | 'clock'> & {
  /**
   * Run this instance's background check scheduler and readings rollup, as a server does. Off by default:
   * a test that claims checks or rolls readings up by hand then owns every claim, and no loop races it.
   * Turn it on only in a test that waits for the engine's own rounds.
   */
  backgroundChecks?: boolean;
  /**
   * Run this instance's notification dispatcher and maintenance reminders in the background, as a server
   * does. Off by default: tests call `dispatchDue()` and `runDue(now)` themselves.
   */
  backgroundNotifications?: boolean;
  /** Run this instance's webhook sender in the background. Off by default: tests call `sendDue(now)`. */
  backgroundWebhooks?: boolean;
  /**
   * Give the status engine a pool of its own, as server.ts does (decision 029). Off by default: the engine
   * shares the test's pool of 5.
   */
  engineDatabase?: boolean;
};

/** The test environment's own settings; a test sets the engine's loops through `backgroundChecks`. */
type TestEnv = Record<string, string> & { CHECKS_ENABLED?: never };

export async function createTestApp(env: TestEnv = {}, options: TestAppOptions = {}): Promise<TestContext> {
  const { url, drop } = await createTestDatabase();
  const errorLog = createErrorLog();
  const { app, database } = await startInstance(url, errorLog, env, options);
  const instances: Internals['instances'] = [];
  const ctx: TestContext = {
    app,
    database,
    databaseUrl: url,
    expectErrorLog: errorLog.expect,
    async close() {
      for (const instance of instances.reverse()) await instance.close();
      await app.close();
      await database.close();
      await drop();
      errorLog.verify();
    },
  };
  internals.set(ctx, { errorLog, instances });
  return ctx;
}

/**
 * Another server instance on the test app's database (as behind a load balancer), logging into the same
 * error log; pass the same `env`. `ctx.close()` closes it first.
 */
export async function createTestInstance(
  ctx: TestContext,
  env: TestEnv = {},
  options: TestAppOptions = {},
): Promise<TestInstance> {
  const own = internals.get(ctx);
  if (!own) throw new Error('not a context of createTestApp');
  const instance = await startInstance(ctx.databaseUrl, own.errorLog, env, options);
  own.instances.push({
    async close() {
      await instance.app.close();
      await instance.database.close();
    },
  });
  return instance;
}

async function startInstance(
  url: string,
  errorLog: ErrorLog,
  env: TestEnv,
  options: TestAppOptions,
): Promise<TestInstance> {
  const database = connectDatabase(url, 5);
  const engine = options.engineDatabase
    ? connectDatabase(url, ENGINE_POOL_SIZE, 'vaskedrift-engine')
    : undefined;
  const app = await buildApp({
    config: testConfig(url, env, options),
    db: database.db,
    pool: database.pool,
    engineDb: engine?.db,
    enginePool: engine?.pool,
    databaseKind: 'external',
    logger: errorLog.logger,
    dnsLookup: options.dnsLookup,
    loopbackTargets: options.loopbackTargets,
    clock: options.clock,
    backgroundWebhooks: options.backgroundWebhooks ?? false,
    backgroundHousekeeping: false,
    backgroundNotifications: options.backgroundNotifications ?? false,
  });
  // After the engine has stopped (preClose), before the test's pool closes.
  if (engine) app.addHook('onClose', () => engine.close());
  await app.ready();
  return { app, database };
}

/** The config of a test server instance on `databaseUrl`; a second instance passes the same `env`. */
export function testConfig(databaseUrl: string, env: TestEnv = {}, options: TestAppOptions = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    SECRET_KEY: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    ...env,
    CHECKS_ENABLED: options.backgroundChecks ? 'true' : 'false',
  });
}

export const TEST_PASSWORD = 'riktig-passord-123';

export async function createUser(
  ctx: TestContext,
  input: Partial<{ email: string; role: Role; password: string; firstName: string; lastName: string }> = {},
): Promise<UserRow> {
  const row = await insertUser(ctx.database.db, {
    email: input.email ?? `bruker-${randomBytes(4).toString('hex')}@example.com`,
    passwordHash: await hashPassword(input.password ?? TEST_PASSWORD),
    firstName: input.firstName ?? 'Kari',
    lastName: input.lastName ?? 'Nordmann',
    role: input.role ?? 'user',
  });
  if (!row) throw new Error('e-posten finnes allerede');
  return row;
}

export type SessionBody = { access_token: string; refresh_token: string; user: { id: string } };

export async function signIn(
  ctx: TestContext,
  email: string,
  password = TEST_PASSWORD,
): Promise<SessionBody> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/auth/v1/token?grant_type=password',
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`innlogging feilet: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A DNS lookup for `dnsLookup` in which `metadata.localtest` resolves to the cloud metadata address. */
export const metadataLookup = ((
  hostname: string,
  options: object,
  callback: (...args: unknown[]) => void,
) => {
  if (hostname === 'metadata.localtest') return callback(null, [{ address: '169.254.169.254', family: 4 }]);
  return systemLookup(hostname, options as never, callback as never);
}) as typeof systemLookup;
