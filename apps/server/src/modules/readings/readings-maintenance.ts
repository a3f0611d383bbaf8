import type { Logger } from 'pino';
import type { Config } from '../../config';
import { tryAdvisoryXactLock } from '../../db/advisory-lock';
import type { Db } from '../../db/client';
import { pruneOlderThan, rollUp } from './rollup.repository';

/** Transaction-level advisory lock: one instance rolls up and prunes at a time; the others skip that round. */
export const READINGS_MAINTENANCE_LOCK = 727_101;
const EVERY_MS = 60_000;
/** After a round that hit its chunk limit, the next one comes this soon. */
const CATCH_UP_MS = 1_000;

export type MaintenanceReport = {
  minutes: number;
  hours: number;
  pruned: Record<string, number>;
  behind: boolean;
};

/**
 * The periodic job of decision 007: rolls raw readings up per minute (minutes ending at least two minutes
 * ago, so a check still committing is not missed) and minutes up per hour, then deletes what is past its
 * retention in every tier, the check log and the hourly check statistics. Each round is one transaction
 * under an advisory lock.
 */
export function createReadingsMaintenance(deps: { db: Db; log: Logger; config: Config }) {
  const { readings, checks } = deps.config;
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let round: Promise<unknown> | null = null;

  async function runOnce(): Promise<MaintenanceReport | null> {
    return deps.db.transaction(async (tx) => {
      if (!(await tryAdvisoryXactLock(tx, READINGS_MAINTENANCE_LOCK))) return null;
      const minute = await rollUp(tx, 'minute');
      const hour = await rollUp(tx, 'hour');
      const pruned = await pruneOlderThan(tx, {
        rawHours: readings.rawRetentionHours,
        minuteDays: readings.minuteRetentionDays,
        hourDays: readings.hourRetentionDays,
        checkLogDays: checks.logRetentionDays,
      });
      return { minutes: minute.buckets, hours: hour.buckets, pruned, behind: minute.behind || hour.behind };
    });
  }

  function schedule(delay: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      round = runOnce()
        .then((report) => schedule(report?.behind ? CATCH_UP_MS : EVERY_MS))
        .catch((err: unknown) => {
          if (!stopped) deps.log.error({ err }, 'sammenstilling av målinger feilet');
          schedule(EVERY_MS);
        })
        .finally(() => {
          round = null;
        });
    }, delay);
    timer.unref?.();
  }

  return {
    runOnce,
    start() {
      if (!stopped) return;
      stopped = false;
      // Instances started together spread their rounds.
      schedule(5_000 + Math.random() * 10_000);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await round;
    },
  };
}
