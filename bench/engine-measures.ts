import { readdir, readFile, writeFile } from 'node:fs/promises';
import inspector from 'node:inspector/promises';
import type pg from 'pg';
import { criticalOverride, type SimulatorProcess } from './engine-setup';

/*
 * What bench/engine.ts reads around its measured window: CPU from /proc (this server's, the simulator's,
 * the bench database's PostgreSQL backends), the first round's length, a status change's latency, the
 * database's size and readings, and a CPU profile of the window.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * CPU seconds (user + system) of a process from /proc (Linux; NaN elsewhere); of one of its threads when
 * `thread` is given (the main thread's id is the process id).
 */
export async function cpuSecondsOf(pid: number, thread?: number): Promise<number> {
  const file = thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`;
  const stat = await readFile(file, 'utf8').catch(() => null);
  if (!stat) return Number.NaN;
  const fields = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
  return ((fields[11] ?? 0) + (fields[12] ?? 0)) / 100;
}

/**
 * The CPU so far of the PostgreSQL backends connected to `database` (the bench's throwaway one), read
 * from /proc: other work on the same PostgreSQL server (tests, other benches) is left out. A connection
 * that ends between two readings takes its CPU with it (pools close idle ones), so a difference is a lower
 * bound, and can come out negative.
 */
export async function postgresCpuSeconds(database: string): Promise<number> {
  let total = 0;
  let found = false;
  for (const entry of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(entry)) continue;
    const comm = await readFile(`/proc/${entry}/comm`, 'utf8').catch(() => '');
    if (comm.trim() !== 'postgres') continue;
    const title = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (!title.split(' ').includes(database)) continue;
    total += await cpuSecondsOf(Number(entry));
    found = true;
  }
  return found ? total : Number.NaN;
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

/** A CPU profile of this process (the server) over the measured window only (`CPU_PROFILE=prefix`). */
export async function startProfiler() {
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
