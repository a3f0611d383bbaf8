/**
 * Shared by the benches that drive the API through `app.inject` (`dashboard-api.ts`, `statistics.ts`,
 * `location-logs.ts`, `data-search.ts`): the app in this process on a scratch database (it never
 * listens), and users made straight in the database and signed in through `/auth/v1`.
 */
import { randomBytes } from 'node:crypto';
import type { Role } from '@vaskedrift/shared';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { connectDatabase } from '../apps/server/src/db/client';
import { hashPassword } from '../apps/server/src/lib/password';
import { insertUser } from '../apps/server/src/modules/users';

export type BenchApp = Awaited<ReturnType<typeof startBenchApp>>;

/** The app on `url` (migrated), with `env` over the bench's defaults (silent, a fresh secret key). */
export async function startBenchApp(url: string, env: Record<string, string> = {}) {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: url,
    SECRET_KEY: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    ...env,
  });
  const database = connectDatabase(url, 5);
  const app = await buildApp({ config, db: database.db, databaseKind: 'external', logger: false });
  await app.ready();
  return {
    app,
    database,
    /** A user of `role` (`bench-<role>@example.com`), signed in: their id and access token. */
    async signedIn(role: Role): Promise<{ id: string; token: string }> {
      const email = `bench-${role}@example.com`;
      const password = 'bench-passord-123';
      const user = await insertUser(database.db, {
        email,
        passwordHash: await hashPassword(password),
        firstName: 'Bench',
        lastName: role,
        role,
      });
      const res = await app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        payload: { email, password },
      });
      return { id: user?.id ?? '', token: res.json().access_token as string };
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
