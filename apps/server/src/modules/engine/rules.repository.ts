import type { AttributeLevel, Operator, PreparedBayMetric, ValueType } from '@vaskedrift/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryPrepared } from '../../db/prepared';
import { apiMetrics, bayMetrics, bays, locations } from '../../db/schema';
import { array } from '../../db/sql-values';

/* The rules a check evaluates: its API's bay attributes with their thresholds, state and names. */

/** What evaluating an attribute and deciding what to store read of its rule (all a quiet check needs). */
export type RuleCore = {
  series: number;
  keyIdentifier: string;
  keyValue: string;
  path: string;
  type: ValueType;
  operator: Operator;
  thresholdActive: string;
  thresholdWarning: string;
  thresholdCritical: string;
  thresholdInactive: string;
  lastLevel: AttributeLevel | null;
  lastReason: string | null;
  storedValue: string | number | boolean | null;
  storedAt: Date | null;
  deadbandPercent: number | null;
  pendingChecks: number;
  levelChecks: number;
  /** The rule with its path parsed and thresholds converted, once: the rules cache keeps it so. */
  preparedRule?: PreparedBayMetric;
};

/** A bay attribute as a check reads it: its rule and state, with the names that alerts and notifications show. */
export type Rule = RuleCore & {
  id: string;
  bayId: string;
  bayName: string;
  locationId: string;
  locationName: string;
  apiMetricId: string;
  apiMetricName: string;
  /**
   * How its value is shown, defaults applied (docs/domain.md, Words): alerts and notifications use it. The
   * name without a display name is the API attribute's, as alerts and e-mails were named before.
   */
  displayName: string;
  unit: string | null;
  trueLabel: string | null;
  falseLabel: string | null;
};

/** The bay attributes a check of this API evaluates: enabled API attributes, live bays and facilities. */
export async function loadRules(db: Db, apiId: string): Promise<Rule[]> {
  return (await loadRulesOf(db, [apiId])).get(apiId) ?? [];
}

/** The enabled attributes of these APIs' live bays, in id order: what both rule reads select from. */
const enabledAttributesOf = (apiIds: string[]) => sql`
    from ${bayMetrics} bm
    join ${apiMetrics} am on am.id = bm.api_metric_id
    join ${bays} b on b.id = bm.bay_id and b.deleted_at is null
    join ${locations} l on l.id = b.location_id and l.deleted_at is null
    where am.api_id = any(${array(apiIds)}::uuid[]) and am.status = 'enabled'
    order by bm.id`;

/**
 * The rules of several APIs in one query, by API. Read by every check, so in plain SQL with the rule's
 * field names as column names: only the time needs mapping. A prepared statement (one text, the APIs as one
 * array), parsed once a connection; PostgreSQL still plans it at every call (it keeps preferring a custom plan).
 */
export async function loadRulesOf(db: Db, apiIds: string[]): Promise<Map<string, Rule[]>> {
  const { rows } = await queryPrepared<Rule & { apiId: string }>(
    db,
    'vd_rules',
    sql`
    select am.api_id as "apiId", bm.id, bm.series, bm.bay_id as "bayId", b.name as "bayName",
      b.location_id as "locationId", l.name as "locationName", am.id as "apiMetricId",
      am.name as "apiMetricName", am.key_identifier as "keyIdentifier", bm.key_value as "keyValue", bm.path,
      bm.type, bm.operator, bm.threshold_active as "thresholdActive", bm.threshold_warning as "thresholdWarning",
      bm.threshold_critical as "thresholdCritical", bm.threshold_inactive as "thresholdInactive",
      bm.last_level as "lastLevel", bm.last_reason as "lastReason", bm.stored_value as "storedValue",
      bm.stored_at as "storedAt", bm.deadband_percent as "deadbandPercent", bm.pending_checks as "pendingChecks",
      bm.level_checks as "levelChecks", coalesce(bm.display_name, am.display_name, am.name) as "displayName",
      coalesce(bm.unit, am.unit) as unit, coalesce(bm.true_label, am.true_label) as "trueLabel",
      coalesce(bm.false_label, am.false_label) as "falseLabel"
    ${enabledAttributesOf(apiIds)}`,
  );
  shareTexts(rows);
  return byApi(rows);
}

/** The texts of a rule that repeat across rules: ids and names of its bay, facility and attribute. */
const SHARED_TEXTS = [
  'bayId',
  'bayName',
  'locationId',
  'locationName',
  'apiMetricId',
  'apiMetricName',
  'displayName',
  'unit',
  'trueLabel',
  'falseLabel',
  'keyIdentifier',
  'keyValue',
  'path',
] as const satisfies readonly (keyof Rule)[];
type SharedText = (typeof SHARED_TEXTS)[number];

/**
 * The driver makes a string per field and row: equal texts of one read (a bay's id and name in each of its
 * attributes, the facility's in each of its bays') become one string. What keeps a rule after the check (a
 * value waiting for its series' rebuild, decision 039; until 2026-11-27 also foresight's names of every
 * series) then keeps one copy a bay and a facility, not one a rule.
 */
function shareTexts(rows: Rule[]) {
  const known = new Map<string, string>();
  const share = <T extends string | null>(text: T): T => {
    if (text === null) return text;
    const seen = known.get(text);
    if (seen !== undefined) return seen as T;
    known.set(text, text);
    return text;
  };
  for (const row of rows) {
    const texts = row as Record<SharedText, string | null>;
    for (const key of SHARED_TEXTS) texts[key] = share(texts[key]);
  }
}

/**
 * What the rules cache keeps of several APIs' rules (`RuleCore`), by API: the columns a quiet check reads,
 * without the ids and names of `loadRulesOf` (most of a row's bytes), so the first quiet checks after a
 * bulk add, which read every API's rules once, make a third of the garbage.
 */
export async function loadRuleCoresOf(db: Db, apiIds: string[]): Promise<Map<string, RuleCore[]>> {
  const { rows } = await queryPrepared<RuleCore & { apiId: string }>(
    db,
    'vd_rule_cores',
    sql`
    select am.api_id as "apiId", bm.series, am.key_identifier as "keyIdentifier", bm.key_value as "keyValue",
      bm.path, bm.type, bm.operator, bm.threshold_active as "thresholdActive",
      bm.threshold_warning as "thresholdWarning", bm.threshold_critical as "thresholdCritical",
      bm.threshold_inactive as "thresholdInactive", bm.last_level as "lastLevel",
      case when bm.last_level = 'nodata' then bm.last_reason end as "lastReason",
      bm.stored_value as "storedValue", bm.stored_at as "storedAt", bm.deadband_percent as "deadbandPercent",
      bm.pending_checks as "pendingChecks", bm.level_checks as "levelChecks"
    ${enabledAttributesOf(apiIds)}`,
  );
  return byApi(rows);
}

function byApi<R extends { apiId: string; storedAt: Date | null }>(rows: R[]): Map<string, R[]> {
  const grouped = new Map<string, R[]>();
  for (const row of rows) {
    // The time as a Date (the driver may give text); the row is used as it is (a copy costs more than the query).
    if (row.storedAt !== null) row.storedAt = new Date(row.storedAt);
    const list = grouped.get(row.apiId);
    if (list) list.push(row);
    else grouped.set(row.apiId, [row]);
  }
  return grouped;
}

/** The API attributes of an API with their key identifiers (for 'Test tilkobling'). */
export async function apiMetricKeys(db: Db, apiId: string) {
  return db
    .select({ id: apiMetrics.id, name: apiMetrics.name, keyIdentifier: apiMetrics.keyIdentifier })
    .from(apiMetrics)
    .where(eq(apiMetrics.apiId, apiId))
    .orderBy(apiMetrics.name);
}
