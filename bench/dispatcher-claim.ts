/**
 * The notification dispatcher's claim with incidents in their group wait (issue 28, decision 033): a
 * throwaway migrated database on `DATABASE_URL` holds `OLD` (20,000) dispatched events, `HELD` (1,000)
 * incidents whose opening was recorded within the group wait, each with `FOLLOWING` (3) more events, and
 * `CLAIMABLE` (30) events of no incident. `claimUndispatchedEvents` (the server's own) is called `CALLS` (50)
 * times (each on its own: the locks it takes end with it): p50 / p95 of the call, the rows it claimed, and PostgreSQL's plan.
 * At the small end with foresight on, young series open and close predicted incidents all the time, and the
 * dispatcher runs this claim up to four times a second.
 *
 *   node --import tsx bench/dispatcher-claim.ts
 */
import { randomBytes } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { dropDatabase, ensureDatabase, withDatabase } from '../apps/server/src/db/admin';
import { connectDatabase, runMigrations } from '../apps/server/src/db/client';
import { claimUndispatchedEvents } from '../apps/server/src/modules/notifications/index';
import { percentile } from './bench-server';

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const OLD = num('OLD', 20_000);
const HELD = num('HELD', 1_000);
const FOLLOWING = num('FOLLOWING', 3);
const CLAIMABLE = num('CLAIMABLE', 30);
const CALLS = num('CALLS', 50);
const GROUP_WAIT_MS = 30_000;

const name = `vd_bench_claim_${randomBytes(4).toString('hex')}`;
await ensureDatabase(ADMIN_URL, name);
const url = withDatabase(ADMIN_URL, name);
await runMigrations(url);
const database = connectDatabase(url, 2);
const { db } = database;
try {
  const seededAt = new Date();
  await db.transaction(async (tx) => {
    // The events only: their incidents are not made (foreign keys are not checked in this transaction).
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`
      insert into notification_events (type, tag, dedupe_key, payload, incident_id, created_at, dispatched_at)
      select 'incident.opened', 'critical', 'old-' || n, '{}', gen_random_uuid(), ${seededAt}::timestamptz - interval '2 hours',
        ${seededAt}::timestamptz - interval '1 hour'
      from generate_series(1, ${OLD}) n`);
    await tx.execute(sql`
      with held as (
        select n, gen_random_uuid() as incident, ${seededAt}::timestamptz - random() * interval '25 seconds' as at
        from generate_series(1, ${HELD}) n
      )
      insert into notification_events (type, tag, dedupe_key, payload, incident_id, created_at)
      select case when k = 0 then 'incident.opened' else 'incident.updated' end, 'critical', 'held-' || n || '-' || k,
        '{}', incident, at + k * interval '1 second'
      from held, generate_series(0, ${FOLLOWING}) k`);
    await tx.execute(sql`
      insert into notification_events (type, tag, dedupe_key, payload, created_at)
      select 'api.down', 'critical', 'free-' || n, '{}', ${seededAt} from generate_series(1, ${CLAIMABLE}) n`);
  });
  await db.execute(sql`analyze notification_events`);
  const holdOpenedAfter = new Date(seededAt.getTime() - GROUP_WAIT_MS);
  const times: number[] = [];
  let claimed = 0;
  // Each claim on its own (no transaction of ours: its row locks end with the statement; nothing is changed).
  for (let i = 0; i < CALLS; i++) {
    const started = performance.now();
    claimed = (await claimUndispatchedEvents(db, 100, holdOpenedAfter)).length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  // drizzle's query is built, not run, until awaited: its SQL goes under EXPLAIN.
  const statement = (
    claimUndispatchedEvents(db, 100, holdOpenedAfter) as unknown as { getSQL(): SQL }
  ).getSQL();
  const plan = await db.execute(sql`explain (analyze, costs off) ${statement}`);
  console.log(
    `${OLD} old events, ${HELD} incidents held with ${HELD * (FOLLOWING + 1)} events, ${CLAIMABLE} free; ${CALLS} claims`,
  );
  console.log(
    `  claim p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms; ${claimed} claimed`,
  );
  for (const row of plan.rows) console.log(`  ${String((row as Record<string, unknown>)['QUERY PLAN'])}`);
} finally {
  await database.close();
  await dropDatabase(ADMIN_URL, name);
}
