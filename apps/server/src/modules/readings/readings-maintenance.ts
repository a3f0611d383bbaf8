import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { tryAdvisoryXactLock } from '../../db/advisory-lock';
import type { Db } from '../../db/client';
import { createRepeatingJob } from '../../lib/repeating-job';
import { ensurePartitions } from './partitions.repository';
import { pruneOlderThan, rollUp } from './rollup.repository';

/** Transaction-level advisory lock: one instance rolls up and prunes at a time; the others skip that round. */
const READINGS_MAINTENANCE_LOCK = 727_101;
const EVERY_MS = 60_000;
/** After a round that hit its chunk limit, the next one comes this soon. */
const CATCH_UP_MS = 1_000;

/** How long each tier is kept (settings; today the READINGS_* configuration). */
export type ReadingsRetention = { rawHours: number; minuteDays: number; hourDays: number };
/** What the job keeps: the readings tiers and the check log (with the hourly check statistics). */
export type KeptHistory = ReadingsRetention & { checkLogDays: number };

export type MaintenanceReport = {
  minutes: number;
  hours: number;
  /** Partitions made ahead or on demand. */
  made: number;
  /** Partitions dropped past retention (null: skipped this round, the tables were busy), check rows deleted. */
  pruned: { partitions: string[]; checkLogs: number; checkStats: number; washes: number } | null;
  behind: boolean;
};

/**
 * The periodic job of decision 022: makes the readings partitions ahead (and any the default partitions
 * need) in a short transaction, rolls raw readings up per minute (minutes ending at least two minutes
 * ago, so a check still committing is not missed) and minutes up per hour in a second; then, in a third,
 * drops the partitions past their retention (`retention()`, read each round) and deletes the check log
 * and hourly check statistics past theirs. Dropping a partition locks its table briefly against the
 * checks' inserts, so it waits at most a second for them (`lock_timeout`) and otherwise tries next round.
 * Each runs under an advisory lock: one instance at a time.
 */
export function createReadingsMaintenance(deps: {
  db: Db;
  log: Logger;
  retention: () => Promise<KeptHistory>;
}) {
  async function runOnce(): Promise<MaintenanceReport | null> {
    // Partitions first, in their own short transaction: ATTACH locks the default partition until commit.
    const made = await deps.db
      .transaction(async (tx) => {
        if (!(await tryAdvisoryXactLock(tx, READINGS_MAINTENANCE_LOCK))) return null;
        await tx.execute(sql`set local lock_timeout = '1s'`);
        return ensurePartitions(tx, new Date());
      })
      .catch((err: unknown) => {
        // Rows of a missing partition wait in the default one: nothing is lost, the next round retries.
        deps.log.warn({ err }, 'oppretting av partisjoner for målinger utsatt til neste runde');
        return 0;
      });
    if (made === null) return null;
    const rolled = await deps.db.transaction(async (tx) => {
      if (!(await tryAdvisoryXactLock(tx, READINGS_MAINTENANCE_LOCK))) return null;
      const minute = await rollUp(tx, 'minute');
      const hour = await rollUp(tx, 'hour');
      return { minutes: minute.buckets, hours: hour.buckets, made, behind: minute.behind || hour.behind };
    });
    if (!rolled) return null;
    const keep = await deps.retention();
    const pruned = await deps.db
      .transaction(async (tx) => {
        if (!(await tryAdvisoryXactLock(tx, READINGS_MAINTENANCE_LOCK))) return null;
        await tx.execute(sql`set local lock_timeout = '1s'`);
        return pruneOlderThan(tx, keep);
      })
      .catch((err: unknown) => {
        deps.log.warn({ err }, 'sletting av gamle målinger utsatt til neste runde');
        return null;
      });
    return { ...rolled, pruned };
  }

  const job = createRepeatingJob({
    round: runOnce,
    // Instances started together spread their rounds.
    firstDelayMs: () => 5_000 + Math.random() * 10_000,
    nextDelayMs: (report) => (report?.behind ? CATCH_UP_MS : EVERY_MS),
    retryDelayMs: EVERY_MS,
    onError: (err) => deps.log.error({ err }, 'sammenstilling av målinger feilet'),
  });

  return { runOnce, start: job.start, stop: job.stop };
}
