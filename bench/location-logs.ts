/**
 * Times `POST /api/v1/backend/locations/logs/get` (a facility's audit entries and failed checks in one SQL
 * page, decision 026) through app.inject, on FACILITIES × BAYS_PER_FACILITY bays (500 × 20) with AUDIT
 * (200) audit entries per facility and one API feeding the measured facility's bays that failed every
 * 30 s for FAILURE_DAYS (30) days (the check log's default retention): the worst page a facility has.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/location-logs.ts
 *
 * Without DATABASE_URL it runs on an embedded PostgreSQL in a temporary directory. CALLS (30) per case.
 */
import { randomBytes } from 'node:crypto';
import { dropDatabase, ensureDatabase, withDatabase } from '../apps/server/src/db/admin';
import { startBenchApp } from './bench-app';
import { percentile, postgresServer } from './bench-server';
import { seedBays } from './seed-bays';

const LOCATIONS = Number(process.env.LOCATIONS ?? 500);
const BAYS_PER_LOCATION = Number(process.env.BAYS_PER_LOCATION ?? 20);
const AUDIT = Number(process.env.AUDIT ?? 200);
const FAILURE_DAYS = Number(process.env.FAILURE_DAYS ?? 30);
const CALLS = Number(process.env.CALLS ?? 30);
/** KEEP_DATABASE=1 leaves the database for EXPLAIN by hand (drop it afterwards). */
const KEEP = process.env.KEEP_DATABASE === '1';

const server = await postgresServer();
const dbName = `vd_bench_${randomBytes(4).toString('hex')}`;
await ensureDatabase(server.adminUrl, dbName);
const url = withDatabase(server.adminUrl, dbName);
try {
  const seeded = await seedBays(url, LOCATIONS, BAYS_PER_LOCATION);
  const bench = await startBenchApp(url, { CHECKS_ENABLED: 'false' });
  const { app, database } = bench;
  const admin = await bench.signedIn('admin');
  const token = admin.token;
  const call = (path: string, payload: Record<string, unknown>, method: 'POST' | 'PATCH' = 'POST') =>
    app.inject({ method, url: `/api/v1/${path}`, headers: { authorization: `Bearer ${token}` }, payload });

  const { rows: locations } = await database.pool.query<{ id: string }>(
    'select id from locations order by name limit 1',
  );
  const locationId = locations[0]?.id as string;
  const { rows: bays } = await database.pool.query<{ id: string }>(
    'select id from bays where location_id = $1 order by sort_order, name',
    [locationId],
  );

  // One API feeding every bay of the measured facility, through the API like an admin would.
  const created = await call('backend/apis/create', {
    name: 'Bench kontroller',
    endpointUrl: 'http://10.255.255.1/status',
    checkInterval: 3600,
    details: { recordsPath: 'data.bays' },
  });
  if (created.statusCode !== 200) throw new Error(created.body);
  const api = created.json().data as { id: string };
  const metric = (
    await call('backend/apis/metrics/create', {
      apiId: api.id,
      name: 'Hallverdier',
      description: 'Verdiene til hver vaskehall',
      keyIdentifier: 'id',
      targetKeys: 'temp',
    })
  ).json().data as { id: string };
  for (const [i, bay] of bays.entries()) {
    const res = await call('backend/bays/metrics/create', {
      bayId: bay.id,
      apiMetricId: metric.id,
      keyValue: `hall-${i + 1}`,
      path: 'temp',
      type: 'number',
      operator: 'gt',
      thresholdCritical: '90',
      thresholdWarning: '70',
      thresholdInactive: '',
      thresholdActive: '-1',
    });
    if (res.statusCode !== 200) throw new Error(res.body);
  }

  const started = performance.now();
  // AUDIT entries per facility, a third of them about one of its bays, spread over the last 90 days.
  await database.pool.query(
    `insert into logs (type, resource_type, resource_id, user_id, extra_data, created_at)
     select case n % 3 when 0 then 'bays/update' when 1 then 'bays/links/create' else 'locations/update' end,
       case n % 3 when 0 then 'bays' when 1 then 'bay_links' else 'locations' end,
       case n % 3 when 0 then b.id::text when 1 then gen_random_uuid()::text else l.id::text end,
       $1, jsonb_build_object('locationId', l.id, 'bayId', b.id, 'name', 'Endring ' || n),
       now() - (n * interval '90 days' / $2)
     from locations l
     cross join generate_series(1, $2) n
     join lateral (select id from bays where location_id = l.id order by sort_order limit 1) b on true`,
    [admin.id, AUDIT],
  );
  const failures = FAILURE_DAYS * 24 * 120;
  await database.pool.query(
    `insert into api_check_logs (api_id, started_at, outcome, duration_ms, http_status, error, error_code)
     select $1, now() - n * interval '30 seconds', 'error', 2000, 503, 'Svarte med HTTP 503', 'http'
     from generate_series(1, $2) n`,
    [api.id, failures],
  );
  await database.pool.query('analyze logs; analyze api_check_logs');
  console.log(
    `Seeded ${seeded.bays} bays in ${seeded.locations} facilities, ${AUDIT * LOCATIONS} audit entries and ` +
      `${failures} failed checks of the measured facility's API in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const dayAgo = new Date(Date.now() - 24 * 3_600_000).toISOString();
  const cases: Array<[string, Record<string, unknown>]> = [
    ['first page, everything', {}],
    ['page 100', { page: 100 }],
    ['changes only', { filters: { kind: 'audit' } }],
    ['failed checks, last 24 h', { filters: { kind: 'check', from: dayAgo } }],
    ['one bay', { filters: { bayId: bays[0]?.id } }],
    ['free text', { search: 'endring 17' }],
  ];
  console.log(`backend/locations/logs/get, ${CALLS} calls each, through app.inject:`);
  for (const [label, body] of cases) {
    const payload = { locationId, page: 1, perPage: 25, ...body };
    for (let i = 0; i < 3; i++) await call('backend/locations/logs/get', payload);
    const times: number[] = [];
    let count = 0;
    for (let i = 0; i < CALLS; i++) {
      const t0 = performance.now();
      const res = await call('backend/locations/logs/get', payload);
      times.push(performance.now() - t0);
      if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
      count = res.json().count;
    }
    times.sort((a, b) => a - b);
    console.log(
      `  ${label.padEnd(28)} p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms  ` +
        `(${count} entries match)`,
    );
  }
  await bench.close();
} finally {
  if (KEEP) console.log(`kept ${dbName}`);
  else await dropDatabase(server.adminUrl, dbName);
  await server.stop();
}
