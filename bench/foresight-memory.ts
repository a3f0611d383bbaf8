/**
 * Memory per foresight series (issue 26: 'kept small, target ≤ 1 KB a series'), after a full collection
 * (`node --expose-gc`), as heap plus array buffers per series; the load of the machine does not matter.
 * - the model: `SERIES` series of the shared model (`createSeries`), each fed `READINGS` readings of a
 *   noisy drift a check apart (30 s);
 * - the server: the same through `createForesight` (modules/foresight), one number attribute per series
 *   checked `READINGS` times: the model plus what the server keeps beside it (its row of the
 *   `SeriesTable`: prediction, last verdict, normal range and the rest; the table from series to row).
 *   It runs on a throwaway database (migrated, empty: the verdicts are written and refused, as nothing
 *   refers to them, so each series' verdict is measured as the server holds it between a check and its
 *   write — with the check's list of unwritten verdicts, about 40 bytes a series, which the server empties
 *   after each check).
 *
 * Each part in a process of its own (`PART`), so what one leaves behind does not move the other's figure:
 *
 *   PART=model node --expose-gc --import tsx bench/foresight-memory.ts
 *   PART=server node --expose-gc --import tsx bench/foresight-memory.ts
 *
 * Options (environment): PART (model), SERIES (20000), READINGS (200), DATABASE_URL
 * (postgres://postgres@127.0.0.1:5432/postgres).
 */
import { randomBytes } from 'node:crypto';
import { createSeries, type SeriesState, updateSeries } from '@vaskedrift/shared';
import pino from 'pino';
import { dropDatabase, ensureDatabase, withDatabase } from '../apps/server/src/db/admin';
import { connectDatabase, runMigrations } from '../apps/server/src/db/client';
import { EventBus } from '../apps/server/src/events/bus';
import { createForesight } from '../apps/server/src/modules/foresight';

const env = process.env;
const SERIES = Number(env.SERIES ?? 20_000);
const READINGS = Number(env.READINGS ?? 200);
const PART = env.PART ?? 'model';
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
    const rule = (series: number) =>
      ({ series, type: 'number', operator: 'gt', thresholdWarning: '70', thresholdCritical: '90' }) as const;
    const before = used();
    for (let k = 0; k < READINGS; k++) {
      const at = new Date(START + k * STEP_MS);
      for (let i = 0; i < SERIES; i++)
        foresight.observe(1, at, [{ rule: rule(i + 1), level: 'active', value: value(i, k) }]);
      if (k < READINGS - 1) await foresight.settled();
    }
    const bytes = (used() - before) / SERIES;
    await foresight.settled();
    const written = (used() - before) / SERIES;
    console.log(`server, after the last check's verdicts were written: ${written.toFixed(0)} bytes a series`);
    return bytes;
  } finally {
    await database.close();
    await dropDatabase(ADMIN_URL, name);
  }
}

const bytes = PART === 'server' ? await server() : model();
console.log(
  `${PART}: ${SERIES} series × ${READINGS} readings, ${bytes.toFixed(0)} bytes a series (heap and array buffers)`,
);
