import { EVALUATION_REASONS, THRESHOLD_ORDER } from '@vaskedrift/shared';
import type { ApiIncidentChange, SettledAttribute } from '../alerts';
import type { ApiEventBay } from '../notifications';
import type { FailureRun } from './api-run.repository';
import type { Evaluated } from './evaluate-rules';
import type { Rule, RuleCore } from './rules.repository';

/**
 * The pending period (docs/domain.md, Alerts): checks in a row the evaluated level has held, while it
 * counts. A new level starts at 1; the same level counts on up to the attribute's `pending_checks`; null
 * once it is done counting, so a steady attribute costs no write. 0 is a level older than the pending
 * period itself (migration 0010): done counting, as its alert was there before notifications were.
 */
export function levelChecksOf(e: Evaluated<RuleCore>): number | null {
  if (e.level !== e.rule.lastLevel) return 1;
  const held = e.rule.levelChecks;
  return held > 0 && held < e.rule.pendingChecks ? held + 1 : null;
}

/** Whether the level reaches its pending period in this check (and is told now). */
export function settlesNow(e: Evaluated<RuleCore>, levelChecks: number | null): boolean {
  return levelChecks !== null && levelChecks >= e.rule.pendingChecks;
}

/** The threshold text that held for the level; null for no data or a value outside every threshold. */
function thresholdThatHeld(e: Evaluated): string | null {
  if (e.level === 'nodata' || e.reason === EVALUATION_REASONS.outsideThresholds) return null;
  const field = THRESHOLD_ORDER.find((t) => t.level === e.level)?.field;
  return field ? e.rule[field] : null;
}

export function settledAttribute(e: Evaluated): SettledAttribute {
  return {
    bayMetricId: e.rule.id,
    bayId: e.rule.bayId,
    bayName: e.rule.bayName,
    locationId: e.rule.locationId,
    locationName: e.rule.locationName,
    attributeName: e.rule.displayName,
    path: e.rule.path,
    type: e.rule.type,
    unit: e.rule.unit,
    trueLabel: e.rule.trueLabel,
    falseLabel: e.rule.falseLabel,
    operator: e.rule.operator,
    level: e.level,
    previousLevel: e.level === e.rule.lastLevel ? null : e.rule.lastLevel,
    value: e.value,
    threshold: thresholdThatHeld(e),
    reason: e.reason,
  };
}

type ApiRef = { id: string; name: string };

/**
 * What a check does to its API's run of failures: `api.down` for the failure that reaches the threshold
 * (once per run), `api.recovered` for the success that ends a run that had reached it; else nothing.
 */
export function apiRunChange(ok: boolean, run: FailureRun, threshold: number): ApiNotificationType | null {
  if (ok) return run.failures >= threshold ? 'api.recovered' : null;
  return run.failures === threshold ? 'api.down' : null;
}

export type ApiNotificationType = 'api.down' | 'api.recovered';

/**
 * The API's change as its facilities' incidents see it (decision 033): every bay behind the API, and the
 * start of the run of failures (`firstFailuresOfRuns`), when they opened.
 */
export function apiIncidentChange(
  api: ApiRef,
  type: ApiNotificationType,
  run: FailureRun,
  firstFailure: Date,
  rules: Rule[],
): ApiIncidentChange {
  const bays = new Map<string, ApiEventBay>();
  for (const r of rules) {
    bays.set(r.bayId, {
      bayId: r.bayId,
      bayName: r.bayName,
      locationId: r.locationId,
      locationName: r.locationName,
    });
  }
  return {
    type: type === 'api.down' ? 'down' : 'recovered',
    apiId: api.id,
    apiName: api.name,
    reason: run.lastError ?? null,
    failures: run.failures,
    bays: [...bays.values()],
    firstFailure,
  };
}
