import { randomBytes } from 'node:crypto';
import type { Role } from '@vaskedrift/shared';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { type AppOptions, buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { dropDatabase, ensureDatabase, withDatabase } from '../src/db/admin';
import { connectDatabase, type Database, runMigrations } from '../src/db/client';
import type { UserRow } from '../src/db/schema';
import { hashPassword } from '../src/lib/password';
import { insertUser } from '../src/modules/users/users.repository';

export type TestContext = {
  app: FastifyInstance;
  database: Database;
  databaseUrl: string;
  close(): Promise<void>;
};

/** A fresh, migrated database of this test file's own on the run's PostgreSQL. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `vd_test_${randomBytes(6).toString('hex')}`;
  await ensureDatabase(adminUrl, name);
  const url = withDatabase(adminUrl, name);
  await runMigrations(url);
  return { url, drop: () => dropDatabase(adminUrl, name) };
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<AppOptions, 'dnsLookup'> = {},
): Promise<TestContext> {
  const { url, drop } = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: url,
    SECRET_KEY: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    ...env,
  });
  const database = connectDatabase(url, 5);
  const app = await buildApp({
    config,
    db: database.db,
    databaseKind: 'external',
    logger: false,
    ...options,
  });
  await app.ready();
  return {
    app,
    database,
    databaseUrl: url,
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
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
