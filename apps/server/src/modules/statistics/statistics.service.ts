import {
  type AvailabilityReportInput,
  type BayStatsInput,
  STATISTICS_ERROR_CODES,
  STATISTICS_MESSAGES,
} from '@vaskedrift/shared';
import type { Logger } from 'pino';
import { boundedRead, isStatementTimeout, type ReadView } from '../../db/bounded-read';
import type { Db } from '../../db/client';
import { BusyError } from '../../lib/errors';
import { Semaphore } from '../../lib/semaphore';
import type { Viewer } from '../../plugins/authenticate';
import { availabilityCsvPlan, writeAvailabilityCsv } from './availability-export';
import { createFigureDaysRollup } from './figure-days';
import {
  apiStats,
  availabilityReport,
  bayStats,
  locationStats,
  maintenanceStats,
  type RangeInput,
} from './statistics-answers';

export type StatisticsService = ReturnType<typeof createStatisticsService>;

/**
 * Statistics answers worked on at once per instance; the others wait their turn (decision 029). Each holds
 * one connection of the request pool, so the rest of it stays free for every other request, and only this
 * many answers' rows are in memory at once: 200 at once paused the event loop for seconds (garbage
 * collection) and starved the engine even on a pool of its own.
 */
const STATISTICS_READS_AT_ONCE = 3;

export function createStatisticsService({
  db,
  log,
  statementTimeoutMs,
}: {
  db: Db;
  log: Pick<Logger, 'info' | 'error'>;
  /** The longest one statement of a statistics answer may run (decision 029). */
  statementTimeoutMs: number;
}) {
  const slots = new Semaphore(STATISTICS_READS_AT_ONCE);

  /**
   * One answer's reads on one connection, each statement bounded (`boundedRead`): a statement past the
   * budget answers 503 with the reason instead of holding its connection for as long as it would run.
   */
  function heavy<T>(read: (db: Db) => Promise<T>, view?: ReadView): Promise<T> {
    return slots
      .run(() => boundedRead(db, statementTimeoutMs, read, view))
      .catch((err: unknown) => {
        if (!isStatementTimeout(err)) throw err;
        throw new BusyError(
          STATISTICS_MESSAGES.timeout,
          STATISTICS_ERROR_CODES.timeout,
          STATISTICS_MESSAGES.timeoutHint,
          err,
        );
      });
  }

  /**
   * A second connection on another transaction's snapshot for `use`, in a statistics slot of its own if
   * one is free now; else `use(null)` at once (nothing waits for a slot while holding one). Its statement
   * past the budget ends the first read too, and is answered there (`heavy`).
   */
  function alongside<T>(snapshot: string, use: (second: Db | null) => Promise<T>): Promise<T> {
    return slots.tryRun(() => boundedRead(db, statementTimeoutMs, use, { snapshot })) ?? use(null);
  }

  return {
    /** The per-day rollup of the figures (decision 023), started and stopped with the checks. */
    rollup: createFigureDaysRollup({ db, log }),
    bay: (viewer: Viewer, input: BayStatsInput) => heavy((tx) => bayStats(tx, viewer, input)),
    location: (viewer: Viewer, input: RangeInput & { locationId: string }) =>
      heavy((tx) => locationStats(tx, viewer, input)),
    api: (viewer: Viewer, input: RangeInput & { apiId: string }) =>
      heavy((tx) => apiStats(tx, viewer, input)),
    report: (viewer: Viewer, input: AvailabilityReportInput) =>
      heavy((tx) => availabilityReport(tx, viewer, input)),
    /**
     * The report as CSV: the facilities are checked first (404 before any byte is sent), then `write` gets
     * the file line by line from one snapshot, read on two connections when a second slot is free
     * (decision 023, The CSV streamed); past its first line an error can only cut the file short.
     */
    async reportCsv(viewer: Viewer, input: AvailabilityReportInput) {
      const plan = await heavy((tx) => availabilityCsvPlan(tx, viewer, input));
      return {
        filename: plan.filename,
        writeTo: (write: (text: string) => Promise<void>) =>
          heavy((tx) => writeAvailabilityCsv(tx, plan, write, alongside), { repeatable: true }),
      };
    },
    maintenanceStats: (viewer: Viewer, input: RangeInput & { bayId?: string; locationId?: string }) =>
      heavy((tx) => maintenanceStats(tx, viewer, input)),
  };
}
