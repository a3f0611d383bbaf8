/**
 * Times the statistics endpoints through app.inject at the benchmark's volume: 500 facilities × 20 bays
 * plus one facility of 50 bays, 90 days of history each (status periods, alerts, maintenance jobs, one
 * API connection per facility with its hourly check statistics and check log), then p50/p95 of CALLS
 * calls per endpoint with each answer's size on the wire (brotli, as a browser is sent it) and decoded,
 * the whole chain's CSV over HTTP (time to the first byte and to the last, the app's and PostgreSQL's CPU
 * a call), the same reads on one connection with that backend's CPU per statement, and `EXPLAIN ANALYZE`
 * of the figures query (the heavy one). Before the calls the statistics rollup keeps every whole day (decision
 * 023; its time and CPU are printed), as its job has done on a server that has run for a while.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/statistics.ts
 *
 * Without DATABASE_URL an embedded PostgreSQL in a temporary directory is used. Options (environment):
 * FACILITIES (500), BAYS_PER_FACILITY (20), DAYS (90), CHANGES_PER_DAY (4 status changes per bay and
 * day), CALLS (30), KEEP_DB=1 (keep the scratch database for a look with psql, or for BENCH_DB),
 * BENCH_DB=<name> (run on a database kept earlier, without seeding it again; it is kept), ONLY_CSV=1 (only
 * the rollup and the whole chain's CSV, not the calls through app.inject).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { dropDatabase, ensureDatabase, withDatabase } from '../apps/server/src/db/admin';
import { connectDatabase, runMigrations } from '../apps/server/src/db/client';
import {
  baysOfLocations,
  figuresByBay,
  figuresSql,
  washFiguresByBay,
} from '../apps/server/src/modules/statistics';
import { startBenchApp } from './bench-app';
import { percentile, postgresServer, processCpuSeconds } from './bench-server';
import { seedBays } from './seed-bays';
import { seedHistory } from './statistics-seed';

const LOCATIONS = Number(process.env.LOCATIONS ?? 500);
const BAYS_PER_LOCATION = Number(process.env.BAYS_PER_LOCATION ?? 20);
const DAYS = Number(process.env.DAYS ?? 90);
const CHANGES_PER_DAY = Number(process.env.CHANGES_PER_DAY ?? 4);
const CALLS = Number(process.env.CALLS ?? 30);
const ONLY_CSV = Boolean(process.env.ONLY_CSV);
const DAY_MS = 86_400_000;

/** The whole chain's CSV over HTTP as a browser asks for it (brotli): time to the first byte and the last. */
function timeCsv(port: number, token: string, body: object) {
  return new Promise<{ firstMs: number; totalMs: number; wire: number; decoded: number; rows: number }>(
    (resolve, reject) => {
      const startedAt = performance.now();
      let firstMs = 0;
      const chunks: Buffer[] = [];
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/v1/backend/reports/availability/export',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'accept-encoding': 'br',
          },
        },
        (res) => {
          if (res.statusCode !== 200) reject(new Error(`export: ${res.statusCode}`));
          res.on('data', (chunk: Buffer) => {
            if (chunks.length === 0) firstMs = performance.now() - startedAt;
            chunks.push(chunk);
          });
          res.on('error', reject);
          res.on('end', () => {
            const totalMs = performance.now() - startedAt;
            const raw = Buffer.concat(chunks);
            const text = (
              res.headers['content-encoding'] === 'br' ? brotliDecompressSync(raw) : raw
            ).toString();
            resolve({
              firstMs,
              totalMs,
              wire: raw.length,
              decoded: Buffer.byteLength(text),
              rows: text.split('\r\n').length - 3,
            });
          });
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify(body));
    },
  );
}

const server = await postgresServer();
const kept = process.env.BENCH_DB;
const dbName = kept ?? `vd_bench_${randomBytes(4).toString('hex')}`;
const url = withDatabase(server.adminUrl, dbName);
if (!kept) await ensureDatabase(server.adminUrl, dbName);
try {
  if (!kept) {
    const seeded = await seedBays(url, LOCATIONS, BAYS_PER_LOCATION);
    await seedBays(url, 1, 50);
    console.log(
      `Seeded ${seeded.locations} facilities × ${BAYS_PER_LOCATION} bays + 1 of 50 in ${seeded.ms} ms`,
    );
  }
  // A database kept earlier gets this code's migrations (the rollup's table the first time).
  if (kept) await runMigrations(url);
  const bench = await startBenchApp(url);
  const { app, database } = bench;
  if (!kept) await seedHistory(database.pool, { days: DAYS, changesPerDay: CHANGES_PER_DAY });
  if (kept) await database.pool.query(`delete from users where email like 'bench-%@example.com'`);

  const { token } = await bench.signedIn('admin');

  const { rows: bigLocation } = await database.pool.query<{ id: string }>(
    `select location_id as id from bays group by location_id having count(*) = 50`,
  );
  const { rows: someBays } = await database.pool.query<{ id: string; location_id: string }>(
    `select id, location_id from bays order by random() limit $1`,
    [CALLS],
  );
  const { rows: someApis } = await database.pool.query<{ id: string }>(
    'select id from apis order by random() limit $1',
    [CALLS],
  );
  const now = Date.now();
  const days = (n: number) => ({
    from: new Date(now - n * DAY_MS).toISOString(),
    to: new Date(now).toISOString(),
  });

  /**
   * Lists the backends on a connection of its own: asked on one of the app's pool, the backend that had
   * just served a call left itself out of the list (`pid <> pg_backend_pid()`), and with it its CPU (the
   * CSV's PostgreSQL CPU read 0.45 s a call where its statements take about 0.9 s).
   */
  const lister = new pg.Client({ connectionString: url });
  await lister.connect();

  /**
   * CPU seconds so far of this process (the app runs in it) and of each PostgreSQL backend serving this
   * database (from /proc, so it leaves out what other work on the machine takes): less noisy than times.
   * Client backends only: an autovacuum worker on this database (busy after the seeding or a migration)
   * is listed too, and its work is not the calls'.
   */
  async function cpuSeconds() {
    const { rows } = await lister.query<{ pid: number }>(
      `select pid from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
    );
    const postgres = new Map<number, number>();
    for (const { pid } of rows) {
      try {
        postgres.set(pid, processCpuSeconds(pid));
      } catch {
        // a backend that ended meanwhile
      }
    }
    const own = process.cpuUsage();
    return { node: (own.user + own.system) / 1e6, postgres };
  }

  /** CPU ms a call between two readings; a backend that ended in between is missed (the pool keeps them). */
  function cpuPerCall(before: Awaited<ReturnType<typeof cpuSeconds>>, after: typeof before, calls: number) {
    let postgres = 0;
    for (const [pid, seconds] of after.postgres) postgres += seconds - (before.postgres.get(pid) ?? 0);
    return { node: ((after.node - before.node) / calls) * 1000, postgres: (postgres / calls) * 1000 };
  }

  async function measure(label: string, urlPath: string, body: (i: number) => unknown) {
    if (ONLY_CSV) return;
    const call = (i: number) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/${urlPath}`,
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br' },
        payload: body(i) as object,
      });
    for (let i = 0; i < 3; i++) await call(i); // warm-up: JIT, pool, plan cache
    const times: number[] = [];
    let wire = 0;
    let decoded = 0;
    const cpuBefore = await cpuSeconds();
    for (let i = 0; i < CALLS; i++) {
      const startedAt = performance.now();
      const res = await call(i);
      times.push(performance.now() - startedAt);
      if (res.statusCode !== 200) throw new Error(`${urlPath}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      wire = res.rawPayload.length;
      decoded = (
        res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload) : res.rawPayload
      ).length;
    }
    const cpu = cpuPerCall(cpuBefore, await cpuSeconds(), CALLS);
    const perCall = (key: 'node' | 'postgres') => cpu[key].toFixed(0).padStart(4);
    times.sort((a, b) => a - b);
    console.log(
      `${label.padEnd(46)} CPU a call: node ${perCall('node')} ms, PostgreSQL ${perCall('postgres')} ms; p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms  p95 ${percentile(
        times,
        95,
      )
        .toFixed(1)
        .padStart(7)} ms  ${(wire / 1024).toFixed(0).padStart(5)} KiB on the wire, ${(decoded / 1024)
        .toFixed(0)
        .padStart(5)} KiB decoded`,
    );
  }

  // The rollup of decision 023: the whole days kept first, as its job does after a migration, a restore
  // or a backfill (and for each day within the hour after it ends).
  const fillCpu = await cpuSeconds();
  const fillStarted = performance.now();
  const keptDays = await app.statusEngine.statistics.rollup.runOnce();
  const fill = cpuPerCall(fillCpu, await cpuSeconds(), 1);
  // Its sweeps in the background (every hour, the first soon after start) would be measured with the calls.
  await app.statusEngine.statistics.rollup.stop();
  console.log(
    `Rollup: ${keptDays} bay-days kept in ${((performance.now() - fillStarted) / 1000).toFixed(1)} s; CPU: node ${(fill.node / 1000).toFixed(1)} s, PostgreSQL ${(fill.postgres / 1000).toFixed(1)} s`,
  );

  console.log(
    `\n${CALLS} calls each through app.inject (auth, validation, SQL, serialisation, brotli), admin:`,
  );
  await measure('bays/stats/get, 90 days (random bays)', 'backend/bays/stats/get', (i) => ({
    bayId: someBays[i % someBays.length]?.id,
    ...days(90),
  }));
  await measure('locations/stats/get, 50 bays, 30 days', 'backend/locations/stats/get', () => ({
    locationId: bigLocation[0]?.id,
    ...days(30),
  }));
  await measure('locations/stats/get, 50 bays, 90 days', 'backend/locations/stats/get', () => ({
    locationId: bigLocation[0]?.id,
    ...days(90),
  }));
  await measure('locations/stats/get, 20 bays, 30 days (random)', 'backend/locations/stats/get', (i) => ({
    locationId: someBays[i % someBays.length]?.location_id,
    ...days(30),
  }));
  await measure('apis/stats/get, 30 days (random APIs)', 'backend/apis/stats/get', (i) => ({
    apiId: someApis[i % someApis.length]?.id,
    ...days(30),
  }));
  await measure('apis/stats/get, 90 days (random APIs)', 'backend/apis/stats/get', (i) => ({
    apiId: someApis[i % someApis.length]?.id,
    ...days(90),
  }));
  await measure('bays/maintenance/stats, facility of 50, 30 days', 'backend/bays/maintenance/stats', () => ({
    locationId: bigLocation[0]?.id,
    ...days(30),
  }));
  await measure('reports/availability/get, 1 facility, 30 days', 'backend/reports/availability/get', (i) => ({
    locationIds: [someBays[i % someBays.length]?.location_id],
    ...days(30),
  }));

  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const chainCalls = 3;
  const firsts: number[] = [];
  const totals: number[] = [];
  const csvCpu = { node: 0, postgres: 0 };
  for (let i = 0; i < chainCalls; i++) {
    // Read around each call: an idle connection of the pool ends after 10 s, and its CPU with it.
    const cpuBefore = await cpuSeconds();
    const csv = await timeCsv(port, token, { locationIds: [], ...days(30) });
    const cpu = cpuPerCall(cpuBefore, await cpuSeconds(), chainCalls);
    csvCpu.node += cpu.node;
    csvCpu.postgres += cpu.postgres;
    firsts.push(csv.firstMs);
    totals.push(csv.totalMs);
    if (i === 0)
      console.log(
        `reports/availability/export over HTTP, whole chain, 30 days: ${csv.rows} rows, ${(csv.wire / 1024).toFixed(0)} KiB on the wire, ${(csv.decoded / 1024).toFixed(0)} KiB decoded`,
      );
  }
  firsts.sort((a, b) => a - b);
  totals.sort((a, b) => a - b);
  console.log(
    `  ${chainCalls} calls, median: first byte ${percentile(firsts, 50).toFixed(0)} ms, last byte ${percentile(totals, 50).toFixed(0)} ms; CPU a call: node ${csvCpu.node.toFixed(0)} ms, PostgreSQL ${csvCpu.postgres.toFixed(0)} ms`,
  );

  // The same reads once more on a connection of their own, statement by statement, 25 facilities a batch as
  // the CSV reads them: that backend's CPU per statement (decision 023, Where the CSV's CPU goes). Twice,
  // the first round warming the caches; the second counted.
  const one = connectDatabase(url, 1);
  const [backend] = (await one.pool.query<{ pid: number }>('select pg_backend_pid() as pid')).rows;
  const { rows: chain } = await one.pool.query<{ id: string }>('select id from locations order by name, id');
  const range30 = { from: new Date(now - 30 * DAY_MS), to: new Date(now) };
  const spent = { bays: 0, figures: 0, washes: 0 };
  for (let round = 0; round < 2; round++) {
    spent.bays = spent.figures = spent.washes = 0;
    for (let i = 0; i < chain.length; i += 25) {
      const counted = async <T>(key: keyof typeof spent, read: () => Promise<T>) => {
        const before = processCpuSeconds(backend?.pid ?? 0);
        const result = await read();
        spent[key] += processCpuSeconds(backend?.pid ?? 0) - before;
        return result;
      };
      const locationIds = chain.slice(i, i + 25).map((l) => l.id);
      const bayIds = (await counted('bays', () => baysOfLocations(one.db, locationIds))).map((b) => b.id);
      await counted('figures', () => figuresByBay(one.db, bayIds, range30));
      await counted('washes', () => washFiguresByBay(one.db, bayIds, range30));
    }
  }
  await one.close();
  console.log(
    `  the same reads on one connection, PostgreSQL CPU: figures ${spent.figures.toFixed(2)} s, washes ${spent.washes.toFixed(2)} s, bays ${spent.bays.toFixed(2)} s`,
  );

  const { rows: fiftyBays } = await database.pool.query<{ id: string }>(
    'select id from bays where location_id = $1',
    [bigLocation[0]?.id],
  );
  const explain = await database.db.execute<{ 'QUERY PLAN': string }>(
    sql`explain (analyze, buffers) ${figuresSql(
      fiftyBays.map((b) => b.id),
      { from: new Date(now - 30 * DAY_MS), to: new Date(now) },
    )}`,
  );
  console.log('\nEXPLAIN ANALYZE of the figures query, 50 bays, 30 days:');
  for (const row of explain.rows) console.log(`  ${row['QUERY PLAN']}`);

  await lister.end();
  await bench.close();
} finally {
  if (process.env.KEEP_DB || kept) console.log(`Kept database ${dbName}`);
  else await dropDatabase(server.adminUrl, dbName).catch((err) => console.error('drop failed', err));
  await server.stop();
}
