/**
 * Memory per foresight series (issue 26: 'kept small, target ≤ 1 KB a series'), after a full collection
 * (`node --expose-gc`), as heap plus array buffers per series; the load of the machine does not matter.
 * - the model: `SERIES` series of the shared model (`createSeries`, each a view object holding its row),
 *   each fed `READINGS` readings of a noisy drift a check apart (30 s); `PART=store` the same as rows of a
 *   `SeriesStore` with no object a series, as the server keeps them;
 * - the server: the same through `createForesight` (modules/foresight), one number attribute per series
 *   checked `READINGS` times: the model plus what the server keeps beside it (its row of the
 *   `SeriesTable`: prediction, last verdict stored and the rest; the table from series to row).
 *   It runs on a throwaway database (migrated, empty: the verdicts are written and refused, as nothing
 *   refers to them, so every series' verdict is queued again at each check): the figure printed last is
 *   taken between the last check and its write (with the check's list of unwritten verdicts), the one
 *   printed before it after that write. Both include what the database client keeps after the largest
 *   write (its buffers), which is not per series.
 *
 * Each part in a process of its own (`PART`), so what one leaves behind does not move the other's figure:
 *
 *   PART=model node --expose-gc --import tsx bench/foresight-memory.ts
 *   PART=store node --expose-gc --import tsx bench/foresight-memory.ts
 *   PART=server node --expose-gc --import tsx bench/foresight-memory.ts
 *
 * Options (environment): PART (model), SERIES (20000), READINGS (200), NAMES (0; 1: the server is given
 * full checks' rules, with the attribute's ids and names, as after a full check), DATABASE_URL
 * (postgres://postgres@127.0.0.1:5432/postgres).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createSeries, type SeriesState, SeriesStore, updateSeries } from '@vaskedrift/shared';
import pino from 'pino';
import { dropDatabase, ensureDatabase, withDatabase } from '../apps/server/src/db/admin';
import { connectDatabase, runMigrations } from '../apps/server/src/db/client';
import { EventBus } from '../apps/server/src/events/bus';
import { createForesight } from '../apps/server/src/modules/foresight';

const env = process.env;
const SERIES = Number(env.SERIES ?? 20_000);
const READINGS = Number(env.READINGS ?? 200);
const PART = env.PART ?? 'model';
const NAMES = env.NAMES === '1';
const ADMIN_URL = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const START = Date.parse('2026-03-02T08:00:00Z');
const STEP_MS = 30_000;

const collect = (globalThis as { gc?: () => void }).gc;
if (!collect) throw new Error('Kjør med node --expose-gc');
/** Heap and array buffers after a full collection (bytes). */
function used(): number {
  collect?.();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}
/** A reading of series `i` at check `k`: a slow drift with noise, different per series. */
const value = (i: number, k: number) => 50 + (i % 7) + 0.05 * k + Math.sin(i * 13 + k) * 0.3;

/** The same series as rows of a `SeriesStore`, as the server keeps them: no object a series. */
function store(): number {
  const before = used();
  const rows = new SeriesStore();
  for (let i = 0; i < SERIES; i++) {
    const row = rows.add('gauge');
    const state = rows.state(row);
    for (let k = 0; k < READINGS; k++) updateSeries(state, START + k * STEP_MS, value(i, k));
  }
  const bytes = (used() - before) / SERIES;
  if (rows.state(0).kind !== 'gauge') throw new Error('the store is gone');
  return bytes;
}

function model(): number {
  const before = used();
  const kept: SeriesState[] = [];
  for (let i = 0; i < SERIES; i++) {
    const state = createSeries('gauge');
    for (let k = 0; k < READINGS; k++) updateSeries(state, START + k * STEP_MS, value(i, k));
    kept.push(state);
  }
  return (used() - before - kept.length * 4) / SERIES;
}

async function server(): Promise<number> {
  const name = `vd_bench_foresight_memory_${randomBytes(4).toString('hex')}`;
  await ensureDatabase(ADMIN_URL, name);
  const url = withDatabase(ADMIN_URL, name);
  await runMigrations(url);
  const database = connectDatabase(url, 2);
  try {
    const log = pino({ level: 'silent' });
    const foresight = createForesight({
      db: database.db,
      bus: new EventBus(log),
      log,
      horizonMinutes: async () => 60,
      rebuild: false,
    });
    /*
     * The rules as the engine passes them: a quiet check's (no names), or with `NAMES=1` a full check's
     * (ids and names, which foresight keeps to tell a prediction); made before the measurement, as the
     * engine's rules cache holds them anyway.
     */
    const rules = Array.from({ length: SERIES }, (_, i) => ({
      series: i + 1,
      type: 'number' as const,
      operator: 'gt' as const,
      thresholdWarning: '70',
      thresholdCritical: '90',
      // One shape for both (a spread of an optional part made objects of another kind, and other figures).
      id: NAMES ? randomUUID() : undefined,
      bayId: NAMES ? randomUUID() : undefined,
      bayName: NAMES ? `Hall ${i}` : undefined,
      locationId: NAMES ? randomUUID() : undefined,
      locationName: NAMES ? `Anlegg ${i % 100}` : undefined,
      displayName: NAMES ? 'Temperatur' : undefined,
      unit: NAMES ? '°C' : undefined,
    }));
    const before = used();
    for (let k = 0; k < READINGS; k++) {
      const at = new Date(START + k * STEP_MS);
      for (let i = 0; i < SERIES; i++)
        foresight.observe(1, at, [
          { rule: rules[i] as (typeof rules)[0], level: 'active', value: value(i, k) },
        ]);
      if (k < READINGS - 1) await foresight.settled();
    }
    const bytes = (used() - before) / SERIES;
    await foresight.settled();
    const written = (used() - before) / SERIES;
    // The rules stay alive to here (as in the engine's cache), or their collection would count against foresight.
    if (rules.length !== SERIES) throw new Error('rules');
    console.log(`server, after the last check's verdicts were written: ${written.toFixed(0)} bytes a series`);
    return bytes;
  } finally {
    await database.close();
    await dropDatabase(ADMIN_URL, name);
  }
}

const bytes = PART === 'server' ? await server() : PART === 'store' ? store() : model();
console.log(
  `${PART}: ${SERIES} series × ${READINGS} readings, ${bytes.toFixed(0)} bytes a series (heap and array buffers)`,
);
