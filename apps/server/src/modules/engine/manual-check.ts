import { randomUUID } from 'node:crypto';
import {
  API_MESSAGES,
  type ApiCheckResult,
  extractRecords,
  indexRecords,
  movesAddress,
} from '@vaskedrift/shared';
import type { Db } from '../../db/client';
import { secretsLeftAsStored } from '../../lib/api-secrets';
import { collectPaths, shorten } from './check-summary';
import type { StoredApi } from './claims.repository';
import { type ApiDraftValues, checkTimeoutMs, type Engine } from './engine';
import { evaluateRules } from './evaluate-rules';
import { apiMetricKeys, loadRules } from './rules.repository';

const SAMPLE_RECORDS = 5;
const MAX_KEY_VALUES = 50;
const MAX_ATTRIBUTES = 200;

/**
 * 'Test tilkobling': one check of a saved API (with the edit form's unsaved fields laid over it) or of an
 * unsaved one, answering what it saw. Nothing is stored: no reading, level, log line or failure count.
 */
export async function runManualCheck(
  deps: { db: Db; engine: Engine },
  stored: StoredApi | null,
  draft: ApiDraftValues | undefined,
): Promise<ApiCheckResult> {
  // An unsaved API gets a throwaway id, so its OAuth2 token is never cached under a real API's.
  const base = stored ?? { id: randomUUID() };
  const timeoutMs = checkTimeoutMs({
    checkInterval: draft?.checkInterval ?? stored?.checkInterval ?? 60,
    details: draft?.details ?? stored?.details ?? {},
  });
  const { outcome, contentType } = await deps.engine.poll(
    () => deps.engine.connectionOf(base, draft),
    timeoutMs,
  );
  // The draft moved the address: stored secrets were not sent, and the admin should know why it fails.
  const withheld =
    stored && draft && movesAddress(stored, draft) && secretsLeftAsStored(stored, draft).length > 0;
  const hint = withheld ? API_MESSAGES.secretsNotReused : null;
  const empty = { recordCount: null, keys: [], records: [], keyValues: [], attributes: [] };
  if (!outcome.ok) {
    return {
      ok: false,
      httpStatus: outcome.httpStatus,
      durationMs: outcome.durationMs,
      bytes: outcome.bytes,
      contentType,
      error: outcome.error,
      errorCode: outcome.code,
      hint,
      ...empty,
    };
  }
  const recordsPath = draft?.details?.recordsPath ?? stored?.details.recordsPath;
  const records = extractRecords(outcome.json, recordsPath || null);
  const result: ApiCheckResult = {
    ok: true,
    httpStatus: outcome.httpStatus,
    durationMs: outcome.durationMs,
    bytes: outcome.bytes,
    contentType,
    error: null,
    errorCode: null,
    hint,
    ...empty,
    recordCount: records?.length ?? null,
    // No list of records: show the body itself, so the admin can find where the records are.
    keys: collectPaths(records ?? [outcome.json]),
    records: (records ?? [outcome.json]).slice(0, SAMPLE_RECORDS).map((r) => shorten(r)),
  };
  if (!stored || !records) return result;

  for (const metric of await apiMetricKeys(deps.db, stored.id)) {
    const index = indexRecords(records, metric.keyIdentifier);
    result.keyValues.push({
      apiMetricId: metric.id,
      name: metric.name,
      keyIdentifier: metric.keyIdentifier,
      values: [...index.keys()].slice(0, MAX_KEY_VALUES),
      total: index.size,
    });
  }
  const rules = (await loadRules(deps.db, stored.id)).slice(0, MAX_ATTRIBUTES);
  for (const e of await evaluateRules(rules, records)) {
    result.attributes.push({
      bayMetricId: e.rule.id,
      bayId: e.rule.bayId,
      bayName: e.rule.bayName,
      apiMetricName: e.rule.apiMetricName,
      keyValue: e.rule.keyValue,
      path: e.rule.path,
      value: e.value,
      level: e.level,
      reason: e.reason,
      labels: {
        name: e.rule.displayName,
        unit: e.rule.unit,
        trueLabel: e.rule.trueLabel,
        falseLabel: e.rule.falseLabel,
      },
      type: e.rule.type,
      operator: e.rule.operator,
      thresholds: {
        thresholdCritical: e.rule.thresholdCritical,
        thresholdWarning: e.rule.thresholdWarning,
        thresholdInactive: e.rule.thresholdInactive,
        thresholdActive: e.rule.thresholdActive,
      },
    });
  }
  return result;
}
