/**
 * The status engine under load: the simulator (its own process) plays BAYS bays in facilities of
 * BAYS_PER_FACILITY bays (one API connection each, ATTRIBUTES attributes per bay) checked every INTERVAL
 * seconds by one server (buildApp in this process) on the external PostgreSQL, in a throwaway database.
 * Prints checks per second, check-start lag (now − next_check_at at claim) p50/p99, the time from a value
 * change in the simulator to the saved bay status, the server's CPU and memory, and database growth.
 * CAPACITY=10000,20000,40000 then runs short rounds at each size and reports the lag. The main run is
 * repeated for each count of INSTANCES (default 1,2): two server instances in this process on the one
 * database, each with its own pool and INSTANCE_ID, sharing the APIs by affinity (decision 041); the row
 * gives each instance's share of quiet checks served by its rules cache, and the checks taken over.
 * AFFINITY=0 gives every instance the same INSTANCE_ID, so each owns every bucket: the claim as before
 * decision 041, for comparison.
 *
 *   node --expose-gc --import tsx bench/engine.ts
 *   BAYS=10000 DURATION=180 CAPACITY=10000,20000,40000 node --import tsx bench/engine.ts
 *
 * Options (environment): DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres), BAYS (10000),
 * BAYS_PER_FACILITY (20), ATTRIBUTES (5), INTERVAL (30), WARMUP (30 s after every API's first successful
 * check, which sets all its levels: the first round, printed as a figure of its own), DURATION (180 s), CHANGES (20),
 * CAPACITY (none), CAPACITY_DURATION (60 s), CHECK_CONCURRENCY (50), FIRST_ROUND_MAX (20 intervals: the first round is cut there), INSTANCES (1,2), FORESIGHT (1; 0 runs the server without foresight: what it costs a check), CPU_PROFILE (a file prefix: a CPU
 * profile of the server over the first round and over each measured window, for Chrome DevTools or `--cpu-prof` tools),
 * ALLOC_PROFILE (a file prefix: a sampling profile of what the server allocates over the first round and over
 * each measured window, the collected objects included, for DevTools' Memory panel).
 * PostgreSQL's CPU is the whole server's (`postgresCpuSeconds`): run it on a PostgreSQL nothing else uses.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { dropDatabase, ensureDatabase, withDatabase } from '../apps/server/src/db/admin';
import { connectDatabase } from '../apps/server/src/db/client';
import {
  type Batch,
  batchRuns,
  batchTotals,
  logFirstRound,
  logForesight,
  logInstances,
  processedSince,
  schedulerCounts,
} from './engine-log';
import {
  cpuSecondsOf,
  databaseBytes,
  firstRoundSecondsOf,
  postgresCpuSeconds,
  rawReadings,
  sampleMemory,
  startProfiles,
  statusChangeMs,
} from './engine-measures';
import { seedEngine, startSimulatorProcess } from './engine-setup';

const env = process.env;
const ADMIN_URL = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const num = (name: string, fallback: number) => Number(env[name] ?? fallback);
const BAYS_PER_LOCATION = num('BAYS_PER_FACILITY', 20);
const ATTRIBUTES = num('ATTRIBUTES', 5);
const INTERVAL = num('INTERVAL', 30);
const WARMUP = num('WARMUP', 30);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN
  );
}
const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '–');

type Figures = {
  bays: number;
  apis: number;
  /** Server instances on the one database (all in this process: CPU and memory are theirs together). */
  instances: number;
  /** Each instance's share of its quiet checks whose rules came from its own cache. */
  rulesCachedPerInstance: number[];
  /** Share of the window's claims of an API another instance owned (its owner late or gone). */
  takenOverShare: number;
  checksPerSecond: number;
  lagP50: number;
  lagP99: number;
  checkP50: number;
  checkP99: number;
  changeP50: number;
  changeP99: number;
  changes: number;
  cpuPercent: number;
  /** The bench process's CPU (the server, its background work and the probes) per finished check. */
  cpuMsPerCheck: number;
  rssMaxMb: number;
  heapMaxMb: number;
  /** Array buffers (typed arrays: foresight's model and table, the rules cache's rows) at most, outside the heap. */
  buffersMaxMb: number;
  /** The heap in use after a full collection at the end of the window (`node --expose-gc`; NaN without). */
  heapLiveMb: number;
  dbGrowthMbPerHour: number;
  readingsPerMinute: number;
  failures: number;
  /** The machine's 1-minute load average at the end (2 cores: above 2, others wait for CPU). */
  load: number;
  /** Seconds from the server's start until every API had a successful check (every level set). */
  firstRoundSeconds: number;
  /** CPU seconds of the bench process (the server) and of PostgreSQL over the first round (load-independent). */
  firstRoundServerCpu: number;
  firstRoundPgCpu: number;
  /** Share of the window's checks written in a quiet batch (the rest: a transaction of their own). */
  quietShare: number;
  /** Share of the quiet checks whose rules came from the instance's cache. */
  rulesCachedShare: number;
  /** The simulator's and PostgreSQL's CPU over the window (1 core = 100 %); PostgreSQL's per check. */
  simCpuPercent: number;
  pgCpuPercent: number;
  pgMsPerCheck: number;
};

/** `count` server instances on the one database, each with its own pool and (unless AFFINITY=0) INSTANCE_ID. */
function startInstances(url: string, secretKey: string, count: number) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const config = loadConfig({
        NODE_ENV: 'production',
        DATABASE_URL: url,
        SECRET_KEY: secretKey,
        LOG_LEVEL: 'silent',
        ALLOW_LOOPBACK_TARGETS: 'true',
        CHECK_CONCURRENCY: env.CHECK_CONCURRENCY ?? '50',
        INSTANCE_ID: env.AFFINITY === '0' ? 'bench' : `bench-${i + 1}`,
      });
      const database = connectDatabase(url, 10);
      const app = await buildApp({
        config,
        db: database.db,
        databaseKind: 'external',
        logger: false,
        foresight: env.FORESIGHT !== '0',
      });
      return { app, database };
    }),
  );
}

/**
 * Closes a scenario's servers, probe and simulator. The engines stop first, outside Fastify's close, whose
 * preClose hooks share its 10 s ready timeout: after a window that was still a backlog, stopping waited for
 * foresight's queue of series to rebuild from history (dropped at a stop since, decision 035), which took
 * minutes at 150,000 bays — AVV_ERR_READY_TIMEOUT after the figures were printed, and the database left
 * behind. Each step is bounded and the cleanup goes on past one that failed.
 */
async function closeScenario(
  servers: Awaited<ReturnType<typeof startInstances>>,
  probe: pg.Pool,
  sim: { stop(): Promise<unknown> },
) {
  const step = async (what: string, run: () => Promise<unknown>, ms = 30_000) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`ikke ferdig etter ${ms / 1000} s`)), ms);
    });
    await Promise.race([run(), late])
      .catch((err: unknown) => console.error(`  ${what}: ${(err as Error).message}`))
      .finally(() => clearTimeout(timer));
  };
  await step('stopp av motorene', () => Promise.all(servers.map((s) => s.app.statusEngine.stop())));
  for (const server of servers) await step('lukking av serveren', () => server.app.close());
  await step('prøvetilkoblingene', () => probe.end());
  for (const server of servers) await step('databasetilkoblingene', () => server.database.close());
  await step('simulatoren', () => sim.stop());
}

async function scenario(bays: number, duration: number, changes: number, instances = 1): Promise<Figures> {
  const locations = Math.ceil(bays / BAYS_PER_LOCATION);
  const dbName = `vd_bench_engine_${randomBytes(4).toString('hex')}`;
  await ensureDatabase(ADMIN_URL, dbName);
  const url = withDatabase(ADMIN_URL, dbName);
  const sim = await startSimulatorProcess(locations, BAYS_PER_LOCATION);
  const secretKey = randomBytes(32).toString('hex');
  const seeded = performance.now();
  const bayIds = await seedEngine(url, secretKey, sim, { interval: INTERVAL, attributesPerBay: ATTRIBUTES });
  const seededIn = fmt((performance.now() - seeded) / 1000, 1);
  console.log(`  ${bays} vaskehaller, ${locations} API-er sådd på ${seededIn} s`);

  const servers = await startInstances(url, secretKey, instances);
  const app = servers[0]?.app;
  if (!app) throw new Error('ingen instans');
  const engines = servers.map((s) => s.app.statusEngine.engine);
  /** A figure of the engines' stats, summed over the instances. */
  const total = (figure: (stats: ReturnType<(typeof engines)[number]['stats']>) => number) =>
    engines.reduce((sum, e) => sum + figure(e.stats()), 0);
  const probe = new pg.Pool({ connectionString: url, max: 4 });
  // RSS and heap are sampled from the server's start to the end of the window: the first round included.
  const memory = sampleMemory();
  try {
    await Promise.all(servers.map((s) => s.app.ready()));
    const serverStarted = performance.now();
    const firstProfiles = await startProfiles(env.CPU_PROFILE, env.ALLOC_PROFILE);
    const firstCpuBefore = process.cpuUsage();
    const firstPgCpuBefore = await postgresCpuSeconds(dbName);
    // The first check of every API sets every level (null → a level) and so takes the full transaction;
    // the window measures the steady state after that round, and the round's length is a figure of its own.
    const firstRoundSeconds = await firstRoundSecondsOf(probe, serverStarted, INTERVAL);
    const firstCpu = process.cpuUsage(firstCpuBefore);
    await firstProfiles.stop(`${bays}-first-round`);
    const firstRoundServerCpu = (firstCpu.user + firstCpu.system) / 1e6;
    const firstRoundPgCpu = (await postgresCpuSeconds(dbName)) - firstPgCpuBefore;
    logFirstRound(
      { seconds: firstRoundSeconds, serverCpu: firstRoundServerCpu, pgCpu: firstRoundPgCpu, apis: locations },
      engines,
      memory,
    );
    await sleep(WARMUP * 1000);
    for (const engine of engines) {
      engine.stats().lag.clear();
      engine.stats().durations.clear();
    }
    const finishedBefore = total((s) => s.finished);
    const processedBefore = engines.map((e) => structuredClone(e.stats().processed));
    const countsBefore = engines.map(schedulerCounts);
    const claimedBefore = total((s) => s.claimed);
    const takenOverBefore = total((s) => s.takenOver);
    const simPid = sim.child.pid ?? 0;
    const simCpuBefore = await cpuSecondsOf(simPid);
    const pgCpuBefore = await postgresCpuSeconds(dbName);
    const batchesBefore = {
      loads: batchTotals(engines, 'loads'),
      writes: batchTotals(engines, 'writes'),
      transactions: batchTotals(engines, 'transactions'),
    };
    const foresightBefore = app.statusEngine.foresight.stats();
    const sizeBefore = await databaseBytes(probe);
    const readingsBefore = await rawReadings(probe);
    const profiles = await startProfiles(env.CPU_PROFILE, env.ALLOC_PROFILE);
    const cpuBefore = process.cpuUsage();
    const started = performance.now();

    // Value changes spread over the run: a bay's first attribute set past its critical threshold in the
    // simulator; the time until the bay's status `error` is saved.
    const latencies: number[] = [];
    const changeRuns: Promise<void>[] = [];
    for (let i = 0; i < changes; i++) {
      changeRuns.push(
        statusChangeMs(sim, probe, bayIds, (i * duration * 1000) / changes, INTERVAL).then((ms) => {
          if (ms !== null) latencies.push(ms);
        }),
      );
    }
    await sleep(duration * 1000);
    await Promise.all(changeRuns);
    const elapsed = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const simCpu = (await cpuSecondsOf(simPid)) - simCpuBefore;
    const pgCpu = (await postgresCpuSeconds(dbName)) - pgCpuBefore;
    const runs = (kind: Batch) => batchRuns(engines, kind, batchesBefore[kind]);
    console.log(
      `  stille skriv: ${runs('writes')}; regler lest: ${runs('loads')}; i hurtiglager: ${total((s) => s.processed.cachedApis)} API-er`,
    );
    logForesight(app.statusEngine.foresight.stats(), foresightBefore);
    const finished = total((s) => s.finished) - finishedBefore;
    const moved = processedSince(engines, processedBefore);
    logInstances(servers, moved, countsBefore);
    const sum = (key: keyof (typeof moved)[number]) => moved.reduce((n, m) => n + m[key], 0);
    const quiet = sum('quiet');
    const full = sum('full');
    const rulesCached = sum('rulesCached');
    const rulesLoaded = sum('rulesLoaded');
    const claimed = total((s) => s.claimed) - claimedBefore;
    const takenOver = total((s) => s.takenOver) - takenOverBefore;
    await profiles.stop(String(bays));
    const collect = (globalThis as { gc?: () => void }).gc;
    collect?.();
    const heapLive = collect ? process.memoryUsage().heapUsed : Number.NaN;
    const sizeAfter = await databaseBytes(probe);
    const readingsAfter = await rawReadings(probe);
    const failures = Number(
      (await probe.query('select coalesce(sum(failures), 0) as f from api_check_stats')).rows[0].f,
    );
    const lag = engines.flatMap((e) => e.stats().lag.values());
    const durations = engines.flatMap((e) => e.stats().durations.values());
    const figures: Figures = {
      bays,
      apis: locations,
      instances,
      rulesCachedPerInstance: moved.map((m) => m.rulesCached / (m.rulesCached + m.rulesLoaded)),
      takenOverShare: takenOver / claimed,
      checksPerSecond: finished / elapsed,
      lagP50: percentile(lag, 50),
      lagP99: percentile(lag, 99),
      checkP50: percentile(durations, 50),
      checkP99: percentile(durations, 99),
      changeP50: percentile(latencies, 50) / 1000,
      changeP99: percentile(latencies, 99) / 1000,
      changes: latencies.length,
      cpuPercent: ((cpu.user + cpu.system) / 1000 / (elapsed * 1000)) * 100,
      cpuMsPerCheck: (cpu.user + cpu.system) / 1000 / finished,
      rssMaxMb: memory.rssMax / 1024 / 1024,
      heapMaxMb: memory.heapMax / 1024 / 1024,
      buffersMaxMb: memory.buffersMax / 1024 / 1024,
      heapLiveMb: heapLive / 1024 / 1024,
      dbGrowthMbPerHour: ((sizeAfter - sizeBefore) / 1024 / 1024) * (3600 / elapsed),
      readingsPerMinute: ((readingsAfter - readingsBefore) / elapsed) * 60,
      failures,
      load: os.loadavg()[0] ?? Number.NaN,
      firstRoundSeconds,
      firstRoundServerCpu,
      firstRoundPgCpu,
      quietShare: quiet / (quiet + full),
      rulesCachedShare: rulesCached / (rulesCached + rulesLoaded),
      simCpuPercent: (simCpu / elapsed) * 100,
      pgCpuPercent: (pgCpu / elapsed) * 100,
      pgMsPerCheck: (pgCpu * 1000) / finished,
    };
    // Printed before the server closes: a close that fails does not lose the figures.
    print([figures]);
    return figures;
  } finally {
    memory.stop();
    await closeScenario(servers, probe, sim);
    await dropDatabase(ADMIN_URL, dbName);
  }
}

function print(rows: Figures[]) {
  console.log(
    '\n| bays | APIs | instances | first round | first round CPU server / PostgreSQL | checks/s | lag p50 | lag p99 | check p50/p99 | change→status p50/p99 | quiet / rules cached | rules cached per instance / taken over | CPU (1 core = 100 %) | CPU per check | simulator CPU | PostgreSQL CPU (a check) | server + PostgreSQL a check | RSS max | heap max / live | buffers max | DB growth | raw readings/min | failed checks | load avg |',
  );
  console.log(
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const r of rows) {
    console.log(
      `| ${r.bays} | ${r.apis} | ${r.instances} | ${fmt(r.firstRoundSeconds, 1)} s | ${fmt(r.firstRoundServerCpu, 1)} / ${fmt(r.firstRoundPgCpu, 1)} s | ${fmt(r.checksPerSecond, 1)} | ${fmt(r.lagP50)} ms | ${fmt(r.lagP99)} ms | ` +
        `${fmt(r.checkP50)}/${fmt(r.checkP99)} ms | ${r.changes ? `${fmt(r.changeP50, 1)}/${fmt(r.changeP99, 1)} s (${r.changes})` : '–'} | ` +
        `${fmt(r.quietShare * 100, 1)} % / ${fmt(r.rulesCachedShare * 100, 1)} % | ` +
        `${r.rulesCachedPerInstance.map((share) => `${fmt(share * 100, 1)} %`).join(', ')} / ${fmt(r.takenOverShare * 100, 1)} % | ` +
        `${fmt(r.cpuPercent)} % | ${fmt(r.cpuMsPerCheck, 2)} ms | ${fmt(r.simCpuPercent)} % | ${fmt(r.pgCpuPercent)} % (${fmt(r.pgMsPerCheck, 2)} ms) | ${fmt(r.cpuMsPerCheck + r.pgMsPerCheck, 2)} ms | ${fmt(r.rssMaxMb)} MB | ${fmt(r.heapMaxMb)} / ${fmt(r.heapLiveMb)} MB | ${fmt(r.buffersMaxMb)} MB | ${fmt(r.dbGrowthMbPerHour)} MB/h | ` +
        `${fmt(r.readingsPerMinute)} | ${r.failures} | ${fmt(r.load, 1)} |`,
    );
  }
}

const main = num('BAYS', 10_000);
const instanceCounts = (env.INSTANCES ?? '1,2').split(',').filter(Boolean).map(Number);
if (main > 0) {
  const mains: Figures[] = [];
  for (const instances of instanceCounts) {
    console.log(
      `Hovedkjøring: ${main} vaskehaller, ${instances} instans(er), ${num('DURATION', 180)} s etter ${WARMUP} s oppvarming`,
    );
    mains.push(await scenario(main, num('DURATION', 180), num('CHANGES', 20), instances));
  }
  if (mains.length > 1) print(mains);
}
const capacity = (env.CAPACITY ?? '').split(',').filter(Boolean).map(Number);
const rounds: Figures[] = [];
for (const bays of capacity) {
  console.log(`Kapasitet: ${bays} vaskehaller, ${num('CAPACITY_DURATION', 60)} s`);
  rounds.push(await scenario(bays, num('CAPACITY_DURATION', 60), 0));
  print(rounds);
}
// A stop cut short above may leave a server's background work (foresight's rebuilds) running: done here.
process.exit(0);
