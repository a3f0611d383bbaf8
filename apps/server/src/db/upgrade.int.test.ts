import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ServerProcess, startServer } from '../../test/server-process';
import { hashPassword } from '../lib/password';
import { dropDatabase, ensureDatabase, withDatabase } from './admin';
import { appliedMigration, migrationJournal, runMigrations } from './client';

/** The last migration of the previous release: a database it made must start the new one unharmed. */
const PREVIOUS_RELEASE = '0006_compact_rollups';

const adminUrl = inject('adminDatabaseUrl');
const name = `vd_upgrade_${randomBytes(6).toString('hex')}`;
const url = withDatabase(adminUrl, name);
const client = new pg.Client({ connectionString: url });
let server: ServerProcess | undefined;

beforeAll(async () => {
  await ensureDatabase(adminUrl, name);
  await runMigrations(url, { upTo: PREVIOUS_RELEASE });
  await client.connect();
});
afterAll(async () => {
  if (server && server.child.exitCode == null) server.child.kill('SIGTERM');
  await server?.exited;
  await client.end();
  await dropDatabase(adminUrl, name);
});

/** What the previous release stored, written in its own schema (plain SQL: today's code may differ). */
async function seedPreviousRelease(password: string) {
  const passwordHash = await hashPassword(password);
  await client.query('begin');
  const user = await client.query<{ id: string }>(
    `insert into users (email, password_hash, first_name, last_name, role)
     values ('drift@example.com', $1, 'Dina', 'Drift', 'admin'), ('ola@example.com', $1, 'Ola', 'Vask', 'user')
     returning id`,
    [passwordHash],
  );
  const location = await client.query<{ id: string }>(
    `insert into locations (name, address, postal_code, city) values ('Bilvask Bodø', 'Sjøgata 1', '8006', 'Bodø')
     returning id`,
  );
  const locationId = location.rows[0]?.id;
  const bays = await client.query<{ id: string }>(
    `insert into bays (location_id, name, sort_order) values ($1, 'Hall 1', 0), ($1, 'Hall 2', 1) returning id`,
    [locationId],
  );
  const api = await client.query<{ id: string }>(
    `insert into apis (name, endpoint_url, push_token_hash, push_token_encrypted)
     values ('Kontroller Bodø', 'http://10.0.0.5/status', 'hash', 'sealed') returning id`,
  );
  const metric = await client.query<{ id: string }>(
    `insert into api_metrics (api_id, name, description, key_identifier)
     values ($1, 'Hallverdier', 'Temperatur per hall', 'bay') returning id`,
    [api.rows[0]?.id],
  );
  const bayMetric = await client.query<{ id: string; series: number }>(
    `insert into bay_metrics (bay_id, api_metric_id, key_value, path, type, operator,
       threshold_active, threshold_warning, threshold_critical, threshold_inactive)
     values ($1, $2, 'hall-1', 'temperature', 'number', 'lt', '5', '3', '1', '')
     returning id, series`,
    [bays.rows[0]?.id, metric.rows[0]?.id],
  );
  await client.query(
    `insert into readings (series, read_at, value, level)
     select $1, now() - make_interval(mins => n), 20 + n, 0 from generate_series(1, 50) n`,
    [bayMetric.rows[0]?.series],
  );
  await client.query(
    `insert into alerts (bay_metric_id, bay_id, location_id, attribute_name, level, reason)
     values ($1, $2, $3, 'temperature', 'critical', 'For kaldt')`,
    [bayMetric.rows[0]?.id, bays.rows[0]?.id, locationId],
  );
  await client.query('insert into user_location_access (user_id, location_id) values ($1, $2)', [
    user.rows[1]?.id,
    locationId,
  ]);
  await client.query('commit');
}

async function counts() {
  const { rows } = await client.query(
    `select (select count(*) from users)::int as users, (select count(*) from locations)::int as locations,
            (select count(*) from bays)::int as bays, (select count(*) from apis)::int as apis,
            (select count(*) from readings)::int as readings, (select count(*) from alerts)::int as alerts,
            (select count(*) from user_location_access)::int as access`,
  );
  return rows[0];
}

describe('upgrading a database made by the previous release', () => {
  it('migrates to the current schema with nothing lost, and the server starts and signs in on it', async () => {
    expect((await appliedMigration(client))?.tag).toBe(PREVIOUS_RELEASE);
    const password = 'forrige-versjons-passord';
    await seedPreviousRelease(password);
    const before = await counts();
    const sample = await client.query('select series, read_at, value from readings order by read_at limit 5');

    await runMigrations(url);

    expect((await appliedMigration(client))?.tag).toBe(migrationJournal().at(-1)?.tag);
    expect(await counts()).toEqual(before);
    expect(
      (await client.query('select series, read_at, value from readings order by read_at limit 5')).rows,
    ).toEqual(sample.rows);
    const alert = await client.query('select level, reason, resolved_at from alerts');
    expect(alert.rows).toEqual([{ level: 'critical', reason: 'For kaldt', resolved_at: null }]);

    server = await startServer({
      DATABASE_URL: url,
      SECRET_KEY: randomBytes(32).toString('hex'),
      DEMO: 'false',
    });
    const res = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'drift@example.com', password }),
    });
    expect(res.status).toBe(200);
    const { access_token } = (await res.json()) as { access_token: string };
    const ready = await fetch(`${server.url}/api/v1/misc/ready`);
    expect(ready.status).toBe(200);
    expect(access_token).toBeTruthy();
  }, 120_000);
});
