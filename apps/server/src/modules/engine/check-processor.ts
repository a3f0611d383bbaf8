import { extractRecords } from '@vaskedrift/shared';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { type NewNotificationEvent, recordNotificationEvents } from '../../notify/notification-events';
import {
  type AlertPublication,
  type AttributeTransition,
  alertNotifications,
  applyAlertTransitions,
  markAlertsNotified,
  publishAlerts,
} from '../alerts';
import { deadbandOf, insertReadings, shouldStoreReading } from '../readings';
import { rederiveBays } from './bay-derivation';
import { publishStatusChanges } from './bay-status';
import type { AppliedStatusChange } from './bay-status.repository';
import { createCheckBatch } from './check-batch';
import {
  apiNotification,
  apiRunChange,
  levelChecksOf,
  settledAttribute,
  settlesNow,
} from './check-notifications';
import {
  type CheckLogRow,
  countCheck,
  type FailureRun,
  insertCheckLog,
  loadRules,
  markFailure,
  markSuccess,
  type Rule,
  type RuleCore,
  writeAttributeResults,
} from './engine.repository';
import { type Evaluated, evaluateRules, everyAttribute } from './evaluate-rules';
import { baysInMaintenance } from './maintenance-seam';

/** What a poll or a push brought: the parsed body, or why there is none. */
export type CheckOutcome =
  | { ok: true; json: unknown; httpStatus: number | null; bytes: number; durationMs: number; startedAt: Date }
  | {
      ok: false;
      error: string;
      code: string;
      httpStatus: number | null;
      bytes: number | null;
      durationMs: number;
      startedAt: Date;
    };

export type ProcessedCheck = {
  records: number | null;
  attributes: number;
  transitions: number;
  statusChanges: number;
  consecutiveFailures: number;
};

/**
 * Check transactions at once per instance. The pool has 10 connections: the quiet checks' read and write
 * (`check-batch.ts`) take one each, the rest stay free for the scheduler's claims and for API requests, so
 * 50 checks in flight never make a claim (or a user) wait.
 */
const TRANSACTIONS_AT_ONCE = 6;

/** A success is written to the check log at most this often per API (all failures are, decision 009). */
const OK_LOG_EVERY_MS = 5 * 60_000;

type ApiRef = {
  id: string;
  /** `apis.key`: the readings are filed under it. */
  key: number;
  name: string;
  details: { failureThreshold?: number; recordsPath?: string };
  /** Failures in a row when the check was claimed. */
  consecutiveFailures: number;
  /** What the check may take from the rules cache (`check-batch.ts`). */
  rulesVersion: number;
};

export type CheckProcessor = ReturnType<typeof createCheckProcessor>;

/**
 * Turns one check's outcome into stored state, in one transaction: the API's failure count, every
 * evaluated attribute's last reading, the raw readings worth keeping, alerts for attributes whose level
 * changed, the derived status of their bays, and the notification events of levels that held for their
 * pending period (decision 019). Events are published only after the commit, and `onNotificationsRecorded`
 * is called then when there are new notification events. A failure changes no attribute until the API's
 * failure threshold is reached; from then on every attribute of the API reads `nodata`
 * ('API-et svarer ikke: …').
 */
export function createCheckProcessor(deps: {
  db: Db;
  bus: EventBus;
  log: Logger;
  heartbeatMs: number;
  /** The failure threshold of an API without its own (system settings). */
  failureThreshold: () => Promise<number>;
  onNotificationsRecorded: () => void;
}) {
  const lastOkLogged = new Map<string, number>();
  const transactions = new Semaphore(TRANSACTIONS_AT_ONCE);
  const batch = createCheckBatch({ db: deps.db });
  /** Checks written in a quiet batch, and in a transaction of their own. */
  const counts = { quiet: 0, full: 0 };

  async function process(
    api: ApiRef,
    outcome: CheckOutcome,
    source: 'poll' | 'push',
  ): Promise<ProcessedCheck> {
    const at = new Date();
    const threshold = api.details.failureThreshold ?? (await deps.failureThreshold());
    const records = outcome.ok ? extractRecords(outcome.json, api.details.recordsPath || null) : null;
    if (source === 'poll' && outcome.ok && api.consecutiveFailures === 0) {
      const quiet = await processQuietly(api, outcome, records, at);
      if (quiet) {
        counts.quiet++;
        return quiet;
      }
    }
    counts.full++;
    // A success: the run of failures it ended; a failure: the run so far, this one included.
    let run: FailureRun = { failures: 0, lastSuccessAt: null, lastError: null };
    let recorded = 0;
    let statusChanges: AppliedStatusChange[] = [];
    let alerts: AlertPublication[] = [];
    let levelChanges: Evaluated[] = [];
    let evaluatedCount = 0;
    let transitionCount = 0;

    await transactions.run(() =>
      deps.db.transaction(async (tx) => {
        let evaluated: Evaluated[] = [];
        let rules: Rule[] = [];
        if (outcome.ok) {
          run = await markSuccess(tx, api.id, at);
          rules = await loadRules(tx, api.id);
          evaluated = await evaluateRules(rules, records);
        } else {
          run = { ...(await markFailure(tx, api.id, at, outcome.error)), lastError: outcome.error };
          if (run.failures >= threshold) {
            rules = await loadRules(tx, api.id);
            evaluated = everyAttribute(rules, 'nodata', `API-et svarer ikke: ${outcome.error}`);
          }
        }
        const notifications: NewNotificationEvent[] = [];
        const apiChange = apiRunChange(outcome.ok, run, threshold);
        if (apiChange) {
          notifications.push(await apiNotification(tx, api, apiChange, run, outcome.startedAt, rules, at));
        }
        evaluatedCount = evaluated.length;
        const { changed, settled } = await writeEvaluations(tx, api.key, evaluated, at);
        transitionCount = changed.length;
        levelChanges = changed;
        if (changed.length > 0) {
          const bayIds = [...new Set(changed.map((e) => e.rule.bayId))];
          const maintenance = await baysInMaintenance(tx, bayIds);
          alerts = await applyAlertTransitions(
            tx,
            changed.map((e) => transition(e, maintenance)),
            at,
          );
          statusChanges = await rederiveBays(tx, bayIds);
        }
        if (settled.length > 0) {
          notifications.push(
            ...(await alertNotifications(tx, settled.map(settledAttribute), at, { apiDown: !outcome.ok })),
          );
        }
        const recordedIds = await recordNotificationEvents(tx, notifications);
        if (settled.length > 0) await markAlertsNotified(tx, recordedIds);
        recorded = recordedIds.length;
        const logRow = checkLogRow(api, outcome, records, source);
        if (!outcome.ok || run.failures > 0 || shouldLogSuccess(api.id, at.getTime())) {
          await insertCheckLog(tx, logRow);
        }
        await countCheck(tx, logRow);
      }),
    );

    // Committed: now it may be announced.
    const failures = outcome.ok ? 0 : run.failures;
    for (const e of levelChanges) {
      deps.bus.publish('bay_metric.level_changed', {
        bayMetricId: e.rule.id,
        bayId: e.rule.bayId,
        locationId: e.rule.locationId,
        attributeName: e.rule.apiMetricName,
        from: e.rule.lastLevel,
        to: e.level,
        value: e.value,
        at,
      });
    }
    publishStatusChanges(deps.bus, statusChanges);
    publishAlerts(deps.bus, alerts);
    if (recorded > 0) deps.onNotificationsRecorded();
    if (!outcome.ok) {
      // The first failure and the one that reaches the threshold are warnings; the rest, every 30 s while
      // a controller is down, would drown the log and are in the API's check log anyway.
      const level = failures === 1 || failures === threshold ? 'warn' : 'debug';
      deps.log[level](
        { apiId: api.id, api: api.name, code: outcome.code, failures, threshold },
        `sjekk av «${api.name}» feilet (${failures} på rad): ${outcome.error}`,
      );
      deps.bus.publish('api.check_failed', {
        apiId: api.id,
        name: api.name,
        source,
        reason: outcome.error,
        code: outcome.code,
        consecutiveFailures: failures,
        thresholdReached: failures >= threshold,
        at,
      });
    } else if (run.failures >= threshold) {
      deps.bus.publish('api.recovered', { apiId: api.id, name: api.name, failures: run.failures, at });
    }
    return {
      records: records?.length ?? null,
      attributes: evaluatedCount,
      transitions: transitionCount,
      statusChanges: statusChanges.length,
      consecutiveFailures: failures,
    };
  }

  /**
   * The common case, written in a batch with other checks (`check-batch.ts`): a poll that succeeded after
   * a success and changed no level, pending period or no-data reason — nothing to tell anyone. Its rules
   * come from the rules cache; null when the check is not quiet, and the full transaction below handles it
   * (reading its rules again, in that transaction).
   */
  async function processQuietly(
    api: ApiRef,
    outcome: Extract<CheckOutcome, { ok: true }>,
    records: ReturnType<typeof extractRecords>,
    at: Date,
  ): Promise<ProcessedCheck | null> {
    const evaluated = await evaluateRules(await batch.rules(api.id, api.rulesVersion), records);
    const results = resultsOf(evaluated, at);
    const changes = (r: (typeof results)[number], i: number) =>
      r.levelChecks !== null || r.writeWithoutReading || r.level !== evaluated[i]?.rule.lastLevel;
    if (results.some(changes)) return null;
    const logRow = checkLogRow(api, outcome, records, 'poll');
    const stored = storedOf(evaluated, results);
    await batch.write(
      api.rulesVersion,
      {
        apiId: api.id,
        at,
        attributes: results.filter((r) => r.stored),
        log: shouldLogSuccess(api.id, at.getTime()) ? logRow : null,
        count: logRow,
      },
      { api: api.key, at, rows: stored.map(readingOf) },
      stored,
    );
    return {
      records: records?.length ?? null,
      attributes: evaluated.length,
      transitions: 0,
      statusChanges: 0,
      consecutiveFailures: 0,
    };
  }

  function shouldLogSuccess(apiId: string, now: number): boolean {
    const last = lastOkLogged.get(apiId);
    if (last !== undefined && now - last < OK_LOG_EVERY_MS) return false;
    lastOkLogged.set(apiId, now);
    return true;
  }

  /** For each evaluation: whether its reading is stored, its pending-period count, and what is written. */
  function resultsOf(evaluated: Evaluated<RuleCore>[], at: Date) {
    const now = at.getTime();
    return evaluated.map((e) => ({
      series: e.rule.series,
      value: e.value,
      level: e.level,
      reason: e.reason,
      stored: shouldStoreReading(
        { level: e.rule.lastLevel, value: e.rule.storedValue, at: e.rule.storedAt },
        e,
        now,
        deps.heartbeatMs,
        deadbandOf(e.rule.deadbandPercent),
      ),
      levelChecks: levelChecksOf(e),
      /** A new no-data reason is written even without a reading. */
      writeWithoutReading: e.level === 'nodata' && e.reason !== e.rule.lastReason,
    }));
  }

  /**
   * Writes last readings, stored readings and pending-period counts; returns the evaluations whose level
   * changed, and those whose level held for its pending period in this check.
   */
  async function writeEvaluations(
    tx: Db,
    apiKey: number,
    evaluated: Evaluated[],
    at: Date,
  ): Promise<{ changed: Evaluated[]; settled: Evaluated[] }> {
    if (evaluated.length === 0) return { changed: [], settled: [] };
    const results = resultsOf(evaluated, at);
    await writeAttributeResults(
      tx,
      results.filter((r) => r.stored || r.levelChecks !== null || r.writeWithoutReading),
      at,
    );
    await insertReadings(tx, [{ api: apiKey, at, rows: storedOf(evaluated, results).map(readingOf) }]);
    return {
      changed: evaluated.filter((e) => e.level !== e.rule.lastLevel),
      settled: evaluated.filter((e, i) => settlesNow(e, results[i]?.levelChecks ?? null)),
    };
  }

  return { process, stats: () => ({ ...counts, ...batch.stats, cachedApis: batch.cachedApis() }) };
}

/** The evaluations whose reading is stored in this check. */
function storedOf<E>(evaluated: E[], results: Array<{ stored: boolean }>): E[] {
  return evaluated.filter((_, i) => results[i]?.stored);
}

function readingOf(e: Evaluated<RuleCore>) {
  return { series: e.rule.series, value: e.value, level: e.level };
}

function checkLogRow(
  api: ApiRef,
  outcome: CheckOutcome,
  records: unknown[] | null,
  source: 'poll' | 'push',
): CheckLogRow {
  return {
    apiId: api.id,
    startedAt: outcome.startedAt,
    source,
    outcome: outcome.ok ? 'ok' : 'error',
    durationMs: outcome.durationMs,
    httpStatus: outcome.httpStatus,
    bytes: outcome.bytes,
    records: records?.length ?? null,
    error: outcome.ok ? null : outcome.error,
    errorCode: outcome.ok ? null : outcome.code,
  };
}

function transition(e: Evaluated, maintenance: Set<string>): AttributeTransition {
  return {
    bayMetricId: e.rule.id,
    bayId: e.rule.bayId,
    locationId: e.rule.locationId,
    attributeName: e.rule.apiMetricName,
    previous: e.rule.lastLevel,
    level: e.level,
    value: e.value,
    reason: e.reason,
    inMaintenance: maintenance.has(e.rule.bayId),
  };
}

/** At most `size` tasks at once; the others wait their turn in order (a finished task hands its slot on). */
class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(private readonly size: number) {}
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.size) this.active++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
