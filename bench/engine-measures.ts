import { readdir, readFile, writeFile } from 'node:fs/promises';
import inspector from 'node:inspector/promises';
import type pg from 'pg';
import { criticalOverride, type SimulatorProcess } from './engine-setup';

/*
 * What bench/engine.ts reads around its measured window: CPU from /proc (this server's, the simulator's,
 * the PostgreSQL server's), the first round's length, a status change's latency, the
 * database's size and readings, and a CPU profile of the window.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The fields of a `stat` file of /proc after the command's name, as numbers (null when the process is gone). */
async function statFields(file: string): Promise<number[] | null> {
  const stat = await readFile(file, 'utf8').catch(() => null);
  if (!stat) return null;
  return stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
}

/** User + system CPU ticks of a process (its own; with `children`, also of the children it has waited for). */
const ticksOf = (fields: number[], children = false) =>
  (fields[11] ?? 0) + (fields[12] ?? 0) + (children ? (fields[13] ?? 0) + (fields[14] ?? 0) : 0);

/**
 * CPU seconds (user + system) of a process from /proc (Linux; NaN elsewhere); of one of its threads when
 * `thread` is given (the main thread's id is the process id).
 */
export async function cpuSecondsOf(pid: number, thread?: number): Promise<number> {
  const fields = await statFields(
    thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`,
  );
  return fields ? ticksOf(fields) / 100 : Number.NaN;
}

/**
 * The CPU so far of the whole PostgreSQL server that serves `database` (the bench's throwaway one), read
 * from /proc (Linux, the server on this machine; NaN otherwise): its postmaster with every backend it has
 * reaped (a pool's connection closed after its idle time keeps its CPU here) and every backend alive,
 * autovacuum, the checkpointer and the WAL writer included. Other databases' work on the same server (tests,
 * other benches) is counted too: run it on a quiet server.
 */
export async function postgresCpuSeconds(database: string): Promise<number> {
  const postgres: Array<{ pid: number; parent: number; title: string }> = [];
  for (const entry of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(entry)) continue;
    const comm = await readFile(`/proc/${entry}/comm`, 'utf8').catch(() => '');
    if (comm.trim() !== 'postgres') continue;
    const fields = await statFields(`/proc/${entry}/stat`);
    const title = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (fields) postgres.push({ pid: Number(entry), parent: fields[1] ?? 0, title });
  }
  const postmaster = postgres.find((p) => p.title.split(' ').includes(database))?.parent;
  const own = postmaster === undefined ? null : await statFields(`/proc/${postmaster}/stat`);
  if (!own) return Number.NaN;
  // The backends read after the postmaster: one that ends between the two is missed, never counted twice.
  let ticks = ticksOf(own, true);
  for (const child of postgres.filter((p) => p.parent === postmaster)) {
    const fields = await statFields(`/proc/${child.pid}/stat`);
    if (fields) ticks += ticksOf(fields);
  }
  return ticks / 100;
}

/** Seconds from `serverStarted` until every API has succeeded once (NaN if that takes over 20 check intervals of `interval` seconds). */
export async function firstRoundSecondsOf(
  probe: pg.Pool,
  serverStarted: number,
  interval: number,
): Promise<number> {
  for (;;) {
    const { rows } = await probe.query(
      // An API's first success sets all its attributes' levels (`apis` is small to scan, bay attributes not).
      'select exists (select 1 from apis where last_success_at is null) as waiting',
    );
    if (!rows[0].waiting) return (performance.now() - serverStarted) / 1000;
    // Cut after FIRST_ROUND_MAX seconds (default 20 intervals): the window then starts with it unfinished.
    const limit = Number(process.env.FIRST_ROUND_MAX ?? 20 * interval);
    if (performance.now() - serverStarted > limit * 1000) return Number.NaN;
    await sleep(1000);
  }
}

/**
 * After `delayMs`, one random operational bay's first attribute is set past its critical threshold in the
 * simulator; answers the milliseconds until the bay's status `error` is saved (null if none was found).
 */
export async function statusChangeMs(
  sim: SimulatorProcess,
  probe: pg.Pool,
  bayIds: Map<string, string>,
  delayMs: number,
  interval: number,
): Promise<number | null> {
  await sleep(delayMs);
  for (let attempt = 0; attempt < 20; attempt++) {
    const location = sim.locations[Math.floor(Math.random() * sim.locations.length)];
    const bay = location?.bays[Math.floor(Math.random() * location.bays.length)];
    const override = location && criticalOverride(location);
    const bayId = location && bay && bayIds.get(`${location.id}/${bay.key}`);
    if (!location || !bay || !override || !bayId) continue;
    const { rows } = await probe.query('select status from bays where id = $1', [bayId]);
    if (rows[0]?.status !== 'operational') continue;
    const t0 = Date.now();
    await sim.control('POST', `locations/${location.id}/bays/${encodeURIComponent(bay.key)}`, override);
    let latency: number | null = null;
    for (;;) {
      const { rows: now } = await probe.query('select status, status_changed_at from bays where id = $1', [
        bayId,
      ]);
      if (now[0]?.status === 'error') {
        latency = new Date(now[0].status_changed_at).getTime() - t0;
        break;
      }
      if (Date.now() - t0 > (interval + 30) * 1000) break;
      await sleep(100);
    }
    await sim.control('DELETE', `locations/${location.id}/bays/${encodeURIComponent(bay.key)}`, {});
    return latency;
  }
  return null;
}

/** A CPU profile of this process (the server) from now until `stop`. */
async function startProfiler() {
  const session = new inspector.Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop(file: string) {
      const { profile } = await session.post('Profiler.stop');
      await writeFile(file, JSON.stringify(profile));
      session.disconnect();
      console.log(`  CPU-profil: ${file}`);
    },
  };
}

/**
 * A sampling profile of what the server allocates (every 32 KiB on average), the objects the collector has
 * freed since included: where the garbage comes from. For Chrome DevTools' Memory panel.
 */
async function startAllocationProfiler() {
  const session = new inspector.Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 32 * 1024,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  return {
    async stop(file: string) {
      const { profile } = await session.post('HeapProfiler.stopSampling');
      await writeFile(file, JSON.stringify(profile));
      session.disconnect();
      console.log(`  allokeringsprofil: ${file}`);
    },
  };
}

/**
 * A stretch's CPU profile (`cpuPrefix`) and allocation profile (`allocPrefix`), each when its prefix is set;
 * `stop(name)` writes them as `prefix-name`.
 */
export async function startProfiles(cpuPrefix?: string, allocPrefix?: string) {
  const cpu = cpuPrefix ? await startProfiler() : null;
  const allocations = allocPrefix ? await startAllocationProfiler() : null;
  return {
    async stop(name: string) {
      await cpu?.stop(`${cpuPrefix}-${name}.cpuprofile`);
      await allocations?.stop(`${allocPrefix}-${name}.heapprofile`);
    },
  };
}

/** The size of the probe's database in bytes. */
export async function databaseBytes(probe: pg.Pool): Promise<number> {
  return Number((await probe.query('select pg_database_size(current_database()) as s')).rows[0].s);
}

/** The raw readings stored so far, over every series. */
export async function rawReadings(probe: pg.Pool): Promise<number> {
  return Number(
    (await probe.query('select coalesce(sum(cardinality(series)), 0) as n from readings')).rows[0].n,
  );
}

/** This process's RSS, heap and array buffer maxima, sampled each second until `stop()`. */
export function sampleMemory() {
  const memory = { rssMax: 0, heapMax: 0, buffersMax: 0, stop: () => clearInterval(sampler) };
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    memory.rssMax = Math.max(memory.rssMax, m.rss);
    memory.heapMax = Math.max(memory.heapMax, m.heapUsed);
    memory.buffersMax = Math.max(memory.buffersMax, m.arrayBuffers);
  }, 1000);
  return memory;
}

export type MemorySampler = ReturnType<typeof sampleMemory>;
