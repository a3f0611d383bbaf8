import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ServerProcess, startServer } from '../../test/server-process';
import { hashPassword } from '../lib/password';
import { decodeRollup } from '../modules/readings';
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
  // Readings of every kind the old tables held: numbers (one needing more than float4), text, no data,
  // two attributes read at the same time, and both rollup tiers.
  const series = bayMetric.rows[0]?.series;
  const other = await client.query<{ series: number }>(
    `insert into bay_metrics (bay_id, api_metric_id, key_value, path, type, operator,
       threshold_active, threshold_warning, threshold_critical, threshold_inactive)
     values ($1, $2, 'hall-2', 'state', 'string', 'eq', 'ok', '', 'fault', '') returning series`,
    [bays.rows[1]?.id, metric.rows[0]?.id],
  );
  await client.query(
    `insert into readings (series, read_at, value, level)
     select $1, now() - make_interval(mins => n), 20 + n + case when n = 3 then 0.123456789 else 0 end,
       case when n = 4 then 2 else 0 end
     from generate_series(1, 50) n`,
    [series],
  );
  await client.query(
    `insert into readings (series, read_at, text, level)
     select $1, now() - make_interval(mins => n), case when n % 2 = 0 then 'ok' else 'fault' end,
       case when n % 2 = 0 then 0 else 4 end
     from generate_series(1, 50, 5) n`,
    [other.rows[0]?.series],
  );
  await client.query(
    `insert into readings (series, read_at, value, level) values ($1, now() - interval '30 minutes', null, 2)`,
    [other.rows[0]?.series],
  );
  for (const table of ['readings_minute', 'readings_hour']) {
    await client.query(
      `insert into ${table} (series, bucket, slots, min, max, avg, count, worst, last_text)
       values ($1, date_trunc('day', now()) - interval '3 days', '{0,5}', '{1,2}', '{3,4}', '{2,3}', '{2,2}', '{0,3}', null),
              ($2, date_trunc('day', now()) - interval '40 days', '{1}', '{0}', '{0}', '{0}', '{1}', '{4}', '{fault}')`,
      [series, other.rows[0]?.series],
    );
  }
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

/** A packed rollup tier (decision 022) unpacked into the old layout's rows, a row per series and bucket. */
async function packedRollups(table: string) {
  const { rows } = await client.query(`select api, bucket, data from ${table} order by api, bucket`);
  const nullable = (values: Array<string | null>) => (values.some((v) => v !== null) ? values : null);
  return rows
    .flatMap((r) =>
      [...decodeRollup(r.data)].map(([series, entries]) => ({
        series,
        bucket: r.bucket,
        slots: entries.map((e) => e.slot),
        min: entries.map((e) => e.min),
        max: entries.map((e) => e.max),
        avg: entries.map((e) => e.avg),
        count: entries.map((e) => e.count),
        worst: entries.map((e) => e.worst),
        last_text: nullable(entries.map((e) => e.text)),
      })),
    )
    .sort((a, b) => a.series - b.series || a.bucket.getTime() - b.bucket.getTime());
}

async function counts() {
  const { rows } = await client.query(
    `select (select count(*) from users)::int as users, (select count(*) from locations)::int as locations,
            (select count(*) from bays)::int as bays, (select count(*) from apis)::int as apis,
            (select count(*) from alerts)::int as alerts,
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
    const rollups = `select series, bucket, slots, min, max, avg, count, worst, last_text from %s order by 1, 2`;
    const oldReadings = await client.query(
      'select series, read_at, value, text, level from readings order by read_at, series',
    );
    const oldMinute = await client.query(rollups.replace('%s', 'readings_minute'));
    const oldHour = await client.query(rollups.replace('%s', 'readings_hour'));

    await runMigrations(url);

    expect((await appliedMigration(client))?.tag).toBe(migrationJournal().at(-1)?.tag);
    expect(await counts()).toEqual(before);
    // Every reading is in the new rows (a row per API and time), value for value (decision 022).
    const newReadings = await client.query(
      `select u.series, r.read_at, coalesce(u.exact, u.value::text::float8) as value, u.text,
         get_byte(r.level, (u.i - 1)::int)::int2 as level
       from readings r cross join lateral unnest(r.series, r.value, r.exact, r.text)
         with ordinality as u(series, value, exact, text, i)
       order by r.read_at, u.series`,
    );
    expect(newReadings.rows).toEqual(oldReadings.rows);
    expect(oldReadings.rows.length).toBe(61);
    expect(newReadings.rows.find((r) => r.value % 1 !== 0)?.value).toBe(23.123456789);
    expect((await client.query('select count(*)::int as n from readings')).rows[0].n).toBe(50);
    // Every rollup row is in the packed rows (a row per API and hour or day), figure for figure.
    expect(oldMinute.rows.length).toBe(2);
    expect(await packedRollups('readings_minute')).toEqual(oldMinute.rows);
    expect(await packedRollups('readings_hour')).toEqual(oldHour.rows);
    expect((await client.query("select to_regclass('readings_old') as t")).rows[0].t).toBeNull();
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
