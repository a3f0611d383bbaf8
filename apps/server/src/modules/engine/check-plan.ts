import type { AttributeLevel, JsonRecord } from '@vaskedrift/shared';
import type { EngineEvents } from '../../events/engine-events';
import { type AttributeTransition, type CheckAlerts, type OpenAlert, planAlertTransitions } from '../alerts';
import { type BayStatusChange, type BayStatusInputs, deriveStatusChanges } from '../bays';
import { type CheckReadings, deadbandOf, shouldStoreReading } from '../readings';
import type { FailureRun } from './api-run.repository';
import type { AttributeResult } from './attributes.repository';
import type { CheckLogRow } from './check-log.repository';
import {
  type ApiNotificationType,
  apiIncidentChange,
  apiRunChange,
  levelChecksOf,
  settledAttribute,
  settlesNow,
} from './check-notifications';
import { type Evaluated, evaluateRules, everyAttribute } from './evaluate-rules';
import type { Rule, RuleCore } from './rules.repository';

/*
 * A check as a plan (docs/CONVENTIONS: plan, then apply): pure functions from what the check brought and
 * what it read to everything it writes and announces. `check-apply.ts` reads and writes; nothing here
 * touches the database, so every rule of a check is tested without one (check-plan.test.ts).
 */

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

export type CheckSource = 'poll' | 'push';

export type ApiRef = {
  id: string;
  /** `apis.key`: the readings are filed under it. */
  key: number;
  name: string;
  details: { failureThreshold?: number; recordsPath?: string };
  /** Failures in a row when the check was claimed. */
  consecutiveFailures: number;
  /**
   * The API's last success when the check was claimed; null: none yet, so no attribute of it has a level
   * from a success and its first success is never quiet (`check-processor.ts`).
   */
  lastSuccessAt: Date | null;
  /** What the check may take from the rules cache (`check-batch.ts`). */
  rulesVersion: number;
};

/** A check as it begins: what came, and its API's run of failures as read under the API's lock. */
export type CheckStart = {
  api: ApiRef;
  outcome: CheckOutcome;
  source: CheckSource;
  /** The records of a success (null: the answer held no list of them). */
  records: JsonRecord[] | null;
  at: Date;
  /** The failures in a row from which every attribute reads `nodata`. */
  threshold: number;
  storedRun: FailureRun;
};

/** A success: the run of failures it ended; a failure: the run so far, this one included. */
export function runAfter(start: CheckStart): FailureRun {
  const { outcome, storedRun } = start;
  if (outcome.ok) return storedRun;
  return {
    failures: storedRun.failures + 1,
    lastSuccessAt: storedRun.lastSuccessAt,
    lastError: outcome.error,
  };
}

/** Whether the check evaluates its attributes: a success, or a failure at or past the threshold. */
export function evaluatesAttributes(start: CheckStart): boolean {
  return start.outcome.ok || runAfter(start).failures >= start.threshold;
}

/** The check's evaluations: its rules against the records, or `nodata` for all while the API is down. */
export async function evaluateCheck(start: CheckStart, rules: Rule[]): Promise<Evaluated[]> {
  const { outcome } = start;
  if (outcome.ok) return evaluateRules(rules, start.records);
  if (!evaluatesAttributes(start)) return [];
  return everyAttribute(rules, 'nodata', `API-et svarer ikke: ${outcome.error}`);
}

/** For each evaluation: whether its reading is stored, its pending-period count, and what is written. */
export function attributeResultsOf(evaluated: Evaluated<RuleCore>[], at: Date, heartbeatMs: number) {
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
      heartbeatMs,
      deadbandOf(e.rule.deadbandPercent, e.rule.type),
    ),
    levelChecks: levelChecksOf(e),
    /** A new no-data reason is written even without a reading. */
    writeWithoutReading: e.level === 'nodata' && e.reason !== e.rule.lastReason,
  }));
}

/** The evaluations whose reading is stored in this check. */
export function storedOf<E>(evaluated: E[], results: Array<{ stored: boolean }>): E[] {
  return evaluated.filter((_, i) => results[i]?.stored);
}

export function readingOf(e: Evaluated<RuleCore>) {
  return { series: e.rule.series, value: e.value, level: e.level };
}

/** What the check must read, once evaluated, before it can plan: the bays and alerts its level changes touch. */
type StateToRead = {
  /** Bays of attributes whose level changed: locked, with their levels and maintenance. */
  bayIds: string[];
  /** Attributes whose level changed: their open alerts. */
  changedAttributeIds: string[];
  /** `api.down` or `api.recovered` to record: the start of the run of failures is read for it. */
  apiChange: ApiNotificationType | null;
};

export function stateToRead(start: CheckStart, evaluated: Evaluated[]): StateToRead {
  const changed = evaluated.filter((e) => e.level !== e.rule.lastLevel);
  return {
    bayIds: [...new Set(changed.map((e) => e.rule.bayId))],
    changedAttributeIds: changed.map((e) => e.rule.id),
    apiChange: apiRunChange(start.outcome.ok, runAfter(start), start.threshold),
  };
}

/** What the check read after evaluating (`stateToRead`). */
export type CheckState = {
  bays: BayStatusInputs;
  openAlerts: ReadonlyMap<string, OpenAlert>;
  /** The start of the API's run of failures, read when there is an `apiChange`: when its incidents opened. */
  firstFailure: Date | null;
};

/** Everything a check writes, in one transaction, and announces after the commit. */
export type CheckPlan = {
  apiRun: { ok: true } | { ok: false; error: string };
  /** Last readings to write: those stored as raw readings, pending-period counts, new no-data reasons. */
  attributes: AttributeResult[];
  readings: CheckReadings;
  alerts: CheckAlerts;
  statusChanges: BayStatusChange[];
  /** The check log row: written always, or only when a success is due to be logged (`always` false). */
  log: { row: CheckLogRow; always: boolean };
  /** Published after the commit. */
  events: {
    levelChanged: Array<EngineEvents['bay_metric.level_changed']>;
    checkFailed: EngineEvents['api.check_failed'] | null;
    recovered: EngineEvents['api.recovered'] | null;
  };
  /** The run after this check, and what the check amounted to. */
  run: FailureRun;
  summary: { records: number | null; attributes: number; transitions: number };
};

/**
 * Plans a check that is not quiet (a failure, a success after failures, a level change, a push): the API's
 * run, every evaluated attribute's last reading, the raw readings worth keeping, alert transitions for
 * attributes whose level changed, the derived status of their bays, and the notification events of levels
 * that held for their pending period (decision 019). A failure changes no attribute until the API's failure
 * threshold is reached; from then on every attribute reads `nodata` ('API-et svarer ikke: …').
 */
export function planCheck(
  start: CheckStart,
  evaluated: Evaluated[],
  state: CheckState,
  heartbeatMs: number,
): CheckPlan {
  const { api, outcome, at } = start;
  const run = runAfter(start);
  const results = attributeResultsOf(evaluated, at, heartbeatMs);
  const changed = evaluated.filter((e) => e.level !== e.rule.lastLevel);
  const settled = evaluated.filter((e, i) => settlesNow(e, results[i]?.levelChecks ?? null));
  const apiChange = apiRunChange(outcome.ok, run, start.threshold);
  const failures = outcome.ok ? 0 : run.failures;
  const logRow = checkLogRow(start);
  const newLevels = new Map<string, AttributeLevel>(changed.map((e) => [e.rule.id, e.level]));
  const transitions = changed.map((e) => transition(e, state.bays.inMaintenance));
  return {
    apiRun: outcome.ok ? { ok: true } : { ok: false, error: outcome.error },
    attributes: results.filter((r) => r.stored || r.levelChecks !== null || r.writeWithoutReading),
    readings: { api: api.key, at, rows: storedOf(evaluated, results).map(readingOf) },
    alerts: {
      transitions: planAlertTransitions(transitions, state.openAlerts),
      settled: settled.map(settledAttribute),
      apiDown: !outcome.ok,
      api:
        apiChange && state.firstFailure
          ? apiIncidentChange(
              api,
              apiChange,
              run,
              state.firstFailure,
              evaluated.map((e) => e.rule),
            )
          : null,
    },
    statusChanges: changed.length > 0 ? deriveStatusChanges(state.bays, newLevels) : [],
    log: { row: logRow, always: !outcome.ok || run.failures > 0 },
    events: {
      levelChanged: levelChangesByBay(changed, at),
      checkFailed: outcome.ok
        ? null
        : {
            apiId: api.id,
            name: api.name,
            source: start.source,
            reason: outcome.error,
            code: outcome.code,
            consecutiveFailures: failures,
            thresholdReached: failures >= start.threshold,
            at,
          },
      recovered:
        outcome.ok && run.failures >= start.threshold
          ? { apiId: api.id, name: api.name, failures: run.failures, at }
          : null,
    },
    run,
    summary: {
      records: start.records?.length ?? null,
      attributes: evaluated.length,
      transitions: changed.length,
    },
  };
}

export function checkLogRow(start: Pick<CheckStart, 'api' | 'outcome' | 'records' | 'source'>): CheckLogRow {
  const { outcome } = start;
  return {
    apiId: start.api.id,
    startedAt: outcome.startedAt,
    source: start.source,
    outcome: outcome.ok ? 'ok' : 'error',
    durationMs: outcome.durationMs,
    httpStatus: outcome.httpStatus,
    bytes: outcome.bytes,
    records: start.records?.length ?? null,
    error: outcome.ok ? null : outcome.error,
    errorCode: outcome.ok ? null : outcome.code,
  };
}

/** The level changes of a check, one event a bay (in the order their bays first come). */
function levelChangesByBay(changed: Evaluated[], at: Date): Array<EngineEvents['bay_metric.level_changed']> {
  const byBay = new Map<string, EngineEvents['bay_metric.level_changed']>();
  for (const e of changed) {
    const { rule } = e;
    let event = byBay.get(rule.bayId);
    if (!event) {
      event = { bayId: rule.bayId, locationId: rule.locationId, changes: [], at };
      byBay.set(rule.bayId, event);
    }
    event.changes.push({
      bayMetricId: rule.id,
      attributeName: rule.displayName,
      from: rule.lastLevel,
      to: e.level,
      value: e.value,
    });
  }
  return [...byBay.values()];
}

function transition(e: Evaluated, maintenance: ReadonlySet<string>): AttributeTransition {
  return {
    bayMetricId: e.rule.id,
    bayId: e.rule.bayId,
    locationId: e.rule.locationId,
    attributeName: e.rule.displayName,
    previous: e.rule.lastLevel,
    level: e.level,
    value: e.value,
    reason: e.reason,
    inMaintenance: maintenance.has(e.rule.bayId),
  };
}
