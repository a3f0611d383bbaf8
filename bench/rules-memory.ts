/**
 * Memory of the engine's rules cache per bay (issue 28, decision 009), after a full collection
 * (`node --expose-gc`), heap plus array buffers; the machine's load does not matter. The database is
 * seeded as `engine.ts` seeds it (the simulator's facilities of 20 bays × 5 attributes, one API each), the
 * attributes then given a level, a stored value of their type and its time as a first check leaves them;
 * then every API's rules are read into one check batch's cache (`createCheckBatch`, as the quiet checks
 * read them, 200 APIs a query) and the cache is measured while it is held.
 *
 *   BAYS=20000 node --expose-gc --import tsx bench/rules-memory.ts
 *
 * Options (environment): BAYS (20000), DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { dropDatabase, ensureDatabase, withDatabase } from '../apps/server/src/db/admin';
import { connectDatabase } from '../apps/server/src/db/client';
import { createCheckBatch } from '../apps/server/src/modules/engine';
import { seedEngine, startSimulatorProcess } from './engine-setup';

const env = process.env;
const BAYS = Number(env.BAYS ?? 20_000);
const ADMIN_URL = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const collect = (globalThis as { gc?: () => void }).gc;
if (!collect) throw new Error('Kjør med node --expose-gc');
/** Heap and array buffers after a full collection (bytes). */
function used(): number {
  collect?.();
  collect?.();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

const dbName = `vd_bench_rules_${randomBytes(4).toString('hex')}`;
await ensureDatabase(ADMIN_URL, dbName);
const url = withDatabase(ADMIN_URL, dbName);
const sim = await startSimulatorProcess(Math.ceil(BAYS / 20), 20);
const database = connectDatabase(url, 4);
try {
  await seedEngine(url, randomBytes(32).toString('hex'), sim, { interval: 30, attributesPerBay: 5 });
  await sim.stop();
  const probe = new pg.Client({ connectionString: url });
  await probe.connect();
  // As a first check leaves them: a level, a value of the attribute's type stored now, its reason.
  await probe.query(`
    update bay_metrics set last_level = 'active', stored_at = now(), last_read_at = now(),
      stored_value = case type when 'number' then to_jsonb(round((random() * 100)::numeric, 2))
        when 'counter' then to_jsonb(floor(random() * 10000)::int) when 'boolean' then to_jsonb(random() < 0.5)
        else to_jsonb('idle'::text) end,
      last_reason = 'aktiv: ' || series`);
  const apis = (await probe.query<{ id: string; v: number }>('select id, rules_version as v from apis')).rows;

  const distinct = (
    await probe.query(`select count(distinct (path, type, operator, threshold_critical, threshold_warning,
      threshold_inactive, threshold_active, deadband_percent, pending_checks)) as definitions,
      count(distinct key_value) as keys from bay_metrics`)
  ).rows[0];
  await probe.end();
  // Less the warm-up API's: what the measured cache holds.
  const bays = (apis.length - 1) * 20;
  const attributes = bays * 5;

  // One API read first in a batch of its own (then dropped): the driver's and the code's first use is not the cache's.
  const warm = apis.pop();
  if (warm) await createCheckBatch({ db: database.db }).rules(warm.id, warm.v);
  const batch = createCheckBatch({ db: database.db });
  const before = used();
  await Promise.all(apis.map((a) => batch.rules(a.id, a.v)));
  const cache = used() - before;
  console.log(
    `${apis.length} API-er, ${bays} vaskehaller, ${attributes} attributter i hurtiglageret (${batch.cachedApis()}); ` +
      `${distinct.definitions} ulike attributtdefinisjoner, ${distinct.keys} ulike nøkkelverdier:`,
  );
  console.log(
    `  hurtiglageret: ${(cache / 1024 / 1024).toFixed(1)} MB, ${(cache / bays).toFixed(0)} B per vaskehall, ${(cache / attributes).toFixed(0)} B per attributt`,
  );
} finally {
  await database.close();
  await dropDatabase(ADMIN_URL, dbName);
}
