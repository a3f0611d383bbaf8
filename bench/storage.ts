/**
 * Readings storage (decision 022): drifting values of BAYS bays (5 attributes each, the simulator's own
 * readings and shapes, evaluated by the shared evaluation as the engine does) checked every INTERVAL
 * seconds, BAYS_PER_API bays per API, stored through the real `insertReadings` (one statement per tick,
 * as a batching write path would) under the real deadband and heartbeat rule, then rolled up by the real
 * maintenance job, all over simulated time (timestamps in the past, nothing waits), in a throwaway
 * database. Prints readings stored per hour, bytes per stored raw reading including indexes, growth per
 * hour (raw and rollups), and the projected size of a year at the default retention; beside them the old
 * design (decision 007: a row per reading, 10-minute heartbeat) measured on the same values.
 *
 *   node --import tsx bench/storage.ts
 *   BAYS=2000 HOURS=2 node --import tsx bench/storage.ts
 *
 * Options (environment): DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres), BAYS (10000),
 * BAYS_PER_API (20), INTERVAL (30 s), HOURS (1, measured after WARMUP_MINUTES 30), DAY_BAYS (500: the
 * bays simulated for a whole day to measure the hour tier, scaled to BAYS), DEADBAND_PERCENT (0.5),
 * HEARTBEAT_MINUTES (30), OLD=0 skips the old design.
 */
import { randomBytes } from 'node:crypto';
import {
  type AttributeLevel,
  evaluateAttribute,
  extractRecords,
  indexRecords,
  LEVEL_CODES,
  prepareAttribute,
} from '@vaskedrift/shared';
import { defineLocations, readBay, SHAPE_DEFINITIONS } from '@vaskedrift/simulator';
import pino from 'pino';
import { dropDatabase, ensureDatabase, withDatabase } from '../apps/server/src/db/admin';
import { connectDatabase, type Database, runMigrations } from '../apps/server/src/db/client';
import {
  type CheckReadings,
  createReadingsMaintenance,
  deadbandOf,
  decodeRollup,
  insertReadings,
  type ReadingRow,
  shouldStoreReading,
} from '../apps/server/src/modules/readings';

const env = process.env;
const ADMIN_URL = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const num = (name: string, fallback: number) => Number(env[name] ?? fallback);
const BAYS = num('BAYS', 10_000);
const BAYS_PER_API = num('BAYS_PER_API', 20);
const INTERVAL_MS = num('INTERVAL', 30) * 1000;
const HOURS = num('HOURS', 1);
const WARMUP_MS = num('WARMUP_MINUTES', 30) * 60_000;
const DAY_BAYS = Math.min(BAYS, num('DAY_BAYS', 500));
const DEADBAND = deadbandOf(num('DEADBAND_PERCENT', 0.5));
const HEARTBEAT_MS = num('HEARTBEAT_MINUTES', 30) * 60_000;
const OLD = env.OLD !== '0';
const OLD_HEARTBEAT_MS = 10 * 60_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MB = 1024 * 1024;

type Value = string | number | boolean | null;
type Stored = { value: Value; level: AttributeLevel | null; at: Date | null };

/** The simulated fleet: per API its bays' attributes (series numbers) and how to read them at a time. */
function fleet(bays: number) {
  const locations = defineLocations({
    locationCount: Math.ceil(bays / BAYS_PER_API),
    baysPerLocation: BAYS_PER_API,
    seed: 7,
  });
  let series = 0;
  return locations.map((f, i) => {
    const definition = SHAPE_DEFINITIONS[f.shape];
    const attributes = f.bays.flatMap((bay, b) =>
      f.suggestedAttributes.slice(0, 5).map((a) => ({
        series: ++series,
        bay: b,
        prepared: prepareAttribute({
          keyValue: bay.key,
          path: a.path,
          type: a.type,
          operator: a.operator,
          ...a.thresholds,
        }),
      })),
    );
    return {
      api: i + 1,
      attributes,
      read(at: number) {
        const records = f.bays.map((bay, b) =>
          definition.record({ ...bay, index: b }, readBay({ seed: 7, drift: true }, f.index, b, at)),
        );
        const body = definition.body({ locationName: f.name, now: new Date(at) }, records);
        const index = indexRecords(extractRecords(body, f.recordsPath ?? null) ?? [], f.keyIdentifier);
        return attributes.map((a) => evaluateAttribute(index, a.prepared));
      },
    };
  });
}

/** Plays `fleet` from `from` to `to`, storing what the rule keeps; the old design beside it when asked. */
async function play(
  database: Database,
  apis: ReturnType<typeof fleet>,
  from: number,
  to: number,
  state: { now: Map<number, Stored>; old: Map<number, Stored> },
  old: boolean,
) {
  let stored = 0;
  let oldStored = 0;
  let read = 0;
  for (let at = from; at < to; at += INTERVAL_MS) {
    const checks: CheckReadings[] = [];
    const oldRows: Array<{ series: number; value: number | null; text: string | null; level: number }> = [];
    const date = new Date(at);
    for (const api of apis) {
      const results = api.read(at);
      const rows: ReadingRow[] = [];
      api.attributes.forEach((a, i) => {
        const r = results[i];
        if (!r) return;
        read++;
        const next = { level: r.level, value: r.value };
        const mine = state.now.get(a.series) ?? { value: null, level: null, at: null };
        if (shouldStoreReading(mine, next, at, HEARTBEAT_MS, DEADBAND)) {
          rows.push({ series: a.series, value: r.value, level: r.level });
          state.now.set(a.series, { ...next, at: date });
        }
        if (!old) return;
        const before = state.old.get(a.series) ?? { value: null, level: null, at: null };
        if (shouldStoreReading(before, next, at, OLD_HEARTBEAT_MS, 0.005)) {
          oldRows.push({
            series: a.series,
            value:
              typeof r.value === 'number' ? r.value : typeof r.value === 'boolean' ? Number(r.value) : null,
            text: typeof r.value === 'string' ? r.value : null,
            level: LEVEL_CODES[r.level],
          });
          state.old.set(a.series, { ...next, at: date });
        }
      });
      stored += rows.length;
      checks.push({ api: api.api, at: date, rows });
    }
    await insertReadings(database.db, checks);
    if (oldRows.length > 0) {
      oldStored += oldRows.length;
      await database.pool.query(
        `insert into old_readings (series, read_at, value, text, level)
         select series, $1, value, text, level from unnest($2::int[], $3::float8[], $4::text[], $5::int2[])
           as r(series, value, text, level)`,
        [
          date,
          oldRows.map((r) => r.series),
          oldRows.map((r) => r.value),
          oldRows.map((r) => r.text),
          oldRows.map((r) => r.level),
        ],
      );
    }
  }
  return { stored, oldStored, read };
}

async function bytes(database: Database, table: string): Promise<number> {
  await database.pool.query(`vacuum analyze ${table}`);
  const { rows } = await database.pool.query<{ bytes: string }>(
    `select coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint as bytes from pg_class c
     where c.oid = $1::regclass or c.oid in (select inhrelid from pg_inherits where inhparent = $1::regclass)`,
    [table],
  );
  return Number(rows[0]?.bytes ?? 0);
}

/** A packed rollup tier: its entries, and its data bytes as encoded and as stored (TOAST compression). */
async function tierEntries(database: Database, table: string) {
  const { rows } = await database.pool.query<{ data: Buffer; stored: number }>(
    `select data, pg_column_size(data) as stored from ${table}`,
  );
  let entries = 0;
  for (const r of rows) for (const list of decodeRollup(r.data).values()) entries += list.length;
  return {
    rows: rows.length,
    entries,
    encoded: rows.reduce((n, r) => n + r.data.length, 0),
    stored: rows.reduce((n, r) => n + Number(r.stored), 0),
  };
}

async function rollUp(database: Database) {
  const maintenance = createReadingsMaintenance({
    db: database.db,
    log: pino({ level: 'silent' }),
    // Nothing is pruned while measuring.
    retention: async () => ({
      rawHours: 100_000,
      minuteDays: 10_000,
      hourDays: 10_000,
      checkLogDays: 10_000,
    }),
  });
  for (let i = 0; i < 200; i++) {
    const report = await maintenance.runOnce();
    if (!report?.behind) return;
  }
}

async function withScratchDatabase<T>(run: (database: Database) => Promise<T>): Promise<T> {
  const name = `vd_bench_storage_${randomBytes(4).toString('hex')}`;
  await ensureDatabase(ADMIN_URL, name);
  const url = withDatabase(ADMIN_URL, name);
  await runMigrations(url);
  const database = connectDatabase(url, 2);
  try {
    await database.pool.query(
      `create table old_readings (series int not null, read_at timestamptz not null, value float8, text text,
         level int2 not null);
       create index on old_readings (series, read_at); create index on old_readings using brin (read_at)`,
    );
    return await run(database);
  } finally {
    await database.close();
    await dropDatabase(ADMIN_URL, name);
  }
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const hourStart = (t: number) => Math.floor(t / HOUR) * HOUR;

async function main() {
  const started = performance.now();
  console.log(
    `Lagring av målinger: ${fmt(BAYS)} vaskehaller × 5 attributter, ${BAYS_PER_API} per API, hvert ${INTERVAL_MS / 1000}. s, ` +
      `dødbånd ${DEADBAND * 100} %, hjerteslag ${HEARTBEAT_MS / 60_000} min`,
  );
  // 1. The whole fleet for HOURS hours after a warm-up: raw readings and the minute tier.
  const hourly = await withScratchDatabase(async (database) => {
    const apis = fleet(BAYS);
    const t0 = hourStart(Date.now()) - (HOURS + 2) * HOUR;
    const state = { now: new Map<number, Stored>(), old: new Map<number, Stored>() };
    await play(database, apis, t0 - WARMUP_MS, t0, state, OLD);
    await database.pool.query(
      `insert into readings_rollup_state (tier, done_until) values ('minute', $1), ('hour', $2)`,
      [new Date(t0), new Date(t0 + 10 * DAY)],
    );
    const raw0 = await bytes(database, 'readings');
    const old0 = await bytes(database, 'old_readings');
    const rows0 = Number((await database.pool.query('select count(*) from readings')).rows[0].count);
    const played = await play(database, apis, t0, t0 + HOURS * HOUR, state, OLD);
    const raw = (await bytes(database, 'readings')) - raw0;
    const oldBytes = (await bytes(database, 'old_readings')) - old0;
    const rows = Number((await database.pool.query('select count(*) from readings')).rows[0].count) - rows0;
    // The warm-up's half hour is rolled up too: the state starts at t0, so only the measured hours count.
    await rollUp(database);
    const minute = await bytes(database, 'readings_minute');
    return {
      ...played,
      raw,
      oldBytes,
      rows,
      minute,
      minuteTier: await tierEntries(database, 'readings_minute'),
    };
  });
  // 2. DAY_BAYS bays for a whole UTC day: the hour tier (a row per attribute and day), scaled to BAYS.
  const daily = await withScratchDatabase(async (database) => {
    const apis = fleet(DAY_BAYS);
    const day = Math.floor(Date.now() / DAY) * DAY - 3 * DAY;
    const state = { now: new Map<number, Stored>(), old: new Map<number, Stored>() };
    await play(database, apis, day - WARMUP_MS, day, state, false);
    await database.pool.query(
      `insert into readings_rollup_state (tier, done_until) values ('minute', $1), ('hour', $1)`,
      [new Date(day)],
    );
    await play(database, apis, day, day + DAY, state, false);
    await rollUp(database);
    const hour = await bytes(database, 'readings_hour');
    const minute = await bytes(database, 'readings_minute');
    return {
      hour: (hour * BAYS) / DAY_BAYS,
      minutePerHour: (minute * BAYS) / DAY_BAYS / 24,
      hourTier: await tierEntries(database, 'readings_hour'),
      hourBytes: hour,
    };
  });

  const perHour = {
    stored: hourly.stored / HOURS,
    oldStored: hourly.oldStored / HOURS,
    read: hourly.read / HOURS,
    raw: hourly.raw / HOURS,
    oldRaw: hourly.oldBytes / HOURS,
    minute: hourly.minute / HOURS,
    hour: daily.hour / 24,
  };
  const growth = perHour.raw + perHour.minute + perHour.hour;
  const year = {
    raw48: perHour.raw * 48,
    raw72: perHour.raw * 72,
    minute: perHour.minute * 24 * 15,
    hour: daily.hour * 365,
  };
  const total = year.raw72 + year.minute + year.hour;
  console.log('');
  console.log('| figure | this design | old design (007) |');
  console.log('|---|---|---|');
  console.log(`| readings read per hour | ${fmt(perHour.read)} | same |`);
  console.log(
    `| raw readings stored per hour | ${fmt(perHour.stored)} (${fmt((100 * perHour.stored) / perHour.read, 1)} %) in ${fmt(hourly.rows / HOURS)} rows | ${OLD ? fmt(perHour.oldStored) : '–'} |`,
  );
  console.log(
    `| bytes per stored raw reading, indexes included | ${fmt(perHour.raw / perHour.stored, 1)} | ${OLD ? fmt(perHour.oldRaw / perHour.oldStored, 1) : '–'} |`,
  );
  console.log(
    `| raw growth per hour | ${fmt(perHour.raw / MB, 1)} MB | ${OLD ? `${fmt(perHour.oldRaw / MB, 1)} MB` : '–'} |`,
  );
  console.log(
    `| minute tier per hour | ${fmt(perHour.minute / MB, 1)} MB (whole day: ${fmt(daily.minutePerHour / MB, 1)} MB) | |`,
  );
  console.log(
    `| hour tier per hour (a day of ${fmt(DAY_BAYS)} bays, scaled) | ${fmt(perHour.hour / MB, 2)} MB | |`,
  );
  const m = hourly.minuteTier;
  const h = daily.hourTier;
  console.log(
    `| minute tier: bytes per entry on disk (data as encoded → as stored) | ${fmt(hourly.minute / m.entries, 1)} ` +
      `(${fmt(m.encoded / m.entries, 1)} → ${fmt(m.stored / m.entries, 1)}; ${fmt(m.entries / HOURS)} entries in ${fmt(m.rows / HOURS)} rows an hour) | |`,
  );
  console.log(
    `| hour tier: bytes per entry on disk (data as encoded → as stored) | ${fmt(daily.hourBytes / h.entries, 1)} ` +
      `(${fmt(h.encoded / h.entries, 1)} → ${fmt(h.stored / h.entries, 1)}; ${fmt(h.entries)} entries in ${fmt(h.rows)} rows a day of ${fmt(DAY_BAYS)} bays) | |`,
  );
  console.log(`| database growth per hour | ${fmt(growth / MB, 1)} MB | |`);
  console.log(
    `| a year at default retention: raw 48 h (72 h kept in day partitions) + minutes 14 (15) days + hours 365 days | ` +
      `${fmt(year.raw48 / MB / 1024, 2)} (${fmt(year.raw72 / MB / 1024, 2)}) + ${fmt(year.minute / MB / 1024, 2)} + ${fmt(year.hour / MB / 1024, 2)} = ${fmt(total / MB / 1024, 2)} GB | |`,
  );
  console.log(`\n${fmt((performance.now() - started) / 1000, 0)} s`);
}

await main();
