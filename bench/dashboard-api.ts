/**
 * Times `POST /api/v1/dashboard/get` through app.inject with 500 facilities × 20 bays (10,000 bays), for
 * an admin (sees all) and an operator granted all 500 facilities one by one (the access-filtered path).
 *
 *   node --import tsx bench/dashboard-api.ts                      embedded PostgreSQL in a temp dir
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node --import tsx bench/dashboard-api.ts                    a scratch database on that server
 *
 * Options (environment): FACILITIES (500), BAYS_PER_FACILITY (20), CALLS (50).
 */
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { dashboardWireSchema, dataResponse, decodeDashboard } from '@vaskedrift/shared';
import { safeEncode } from 'zod/v4/core';
import { dropDatabase, ensureDatabase, withDatabase } from '../apps/server/src/db/admin';
import { getDashboard } from '../apps/server/src/modules/dashboard';
import { startBenchApp } from './bench-app';
import { postgresServer } from './bench-server';
import { seedBays } from './seed-bays';

const LOCATIONS = Number(process.env.LOCATIONS ?? 500);
const BAYS_PER_LOCATION = Number(process.env.BAYS_PER_LOCATION ?? 20);
const CALLS = Number(process.env.CALLS ?? 50);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const server = await postgresServer();
const dbName = `vd_bench_${randomBytes(4).toString('hex')}`;
await ensureDatabase(server.adminUrl, dbName);
const url = withDatabase(server.adminUrl, dbName);
try {
  const seeded = await seedBays(url, LOCATIONS, BAYS_PER_LOCATION);
  console.log(`Seeded ${seeded.locations} facilities, ${seeded.bays} bays in ${seeded.ms} ms`);

  const bench = await startBenchApp(url);
  const { app, database } = bench;

  const admin = await bench.signedIn('admin');
  const operator = await bench.signedIn('operator');
  await database.pool.query(
    'insert into user_location_access (user_id, location_id) select $1, id from locations',
    [operator.id],
  );

  async function measure(label: string, token: string) {
    const call = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/dashboard/get',
        headers: { authorization: `Bearer ${token}` },
        payload: {},
      });
    for (let i = 0; i < 5; i++) await call(); // warm-up: JIT, pool, plan cache
    const times: number[] = [];
    let body = '';
    for (let i = 0; i < CALLS; i++) {
      const started = performance.now();
      const res = await call();
      times.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
      body = res.body;
    }
    times.sort((a, b) => a - b);
    // The answer is columnar (decision 021): decoded as the web client does.
    const parsed = decodeDashboard(JSON.parse(body).data);
    const bays = parsed.locations.reduce((n, l) => n + l.bays.length, 0);
    const bytes = Buffer.byteLength(body);
    console.log(
      `${label.padEnd(34)} p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms  ` +
        `max ${(times.at(-1) ?? 0).toFixed(1)} ms  ${parsed.locations.length} facilities / ${bays} bays  ` +
        `${(bytes / 1024).toFixed(0)} KiB (${(gzipSync(body).length / 1024).toFixed(0)} KiB gzipped)`,
    );
  }

  console.log(
    `dashboard/get, ${CALLS} calls each, through app.inject (auth, validation, SQL, serialisation):`,
  );
  await measure('admin (all facilities)', admin.token);
  await measure('operator (500 grants)', operator.token);

  // Where the time goes: the service (SQL + reading its JSON) and the response encoding, apart.
  const adminViewer = { userId: admin.id, role: 'admin' as const };
  const responseSchema = dataResponse(dashboardWireSchema);
  const serviceTimes: number[] = [];
  const encodeTimes: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    let started = performance.now();
    const data = await getDashboard(database.db, adminViewer, 0);
    serviceTimes.push(performance.now() - started);
    started = performance.now();
    JSON.stringify(safeEncode(responseSchema, { data }).data);
    encodeTimes.push(performance.now() - started);
  }
  serviceTimes.sort((a, b) => a - b);
  encodeTimes.sort((a, b) => a - b);
  console.log(
    `  of which: query + reading it p50 ${percentile(serviceTimes, 50).toFixed(1)} ms, ` +
      `zod encode + JSON.stringify p50 ${percentile(encodeTimes, 50).toFixed(1)} ms`,
  );

  const explain = await database.pool.query(
    `explain (analyze, format json) select l.id, l.name, coalesce(json_agg(json_build_array(b.id, b.name, b.status,
       floor(extract(epoch from b.status_changed_at) * 1000)::bigint) order by b.sort_order, b.name, b.id)
       filter (where b.id is not null), '[]'::json)
     from locations l left join bays b on b.location_id = l.id and b.deleted_at is null
     where l.deleted_at is null and l.is_visible_in_dashboard group by l.id order by lower(l.name), l.id`,
  );
  const plan = explain.rows[0]['QUERY PLAN'][0];
  console.log(`SQL alone (EXPLAIN ANALYZE of the admin query): ${plan['Execution Time'].toFixed(1)} ms`);

  await bench.close();
} finally {
  await dropDatabase(server.adminUrl, dbName);
  await server.stop();
}
