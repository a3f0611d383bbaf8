import {
  type AttributeLevel,
  type BAY_METRIC_SORT_COLUMNS,
  type BayMetric,
  type Operator,
  type ValueType,
  valueLabels,
} from '@vaskedrift/shared';
import { and, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiMetrics, apis, bayMetricForesight, bayMetrics, bays, locations } from '../../db/schema';
import { byName, containsPattern, ordered, pageWindow, totalCount } from '../../lib/list-query';
import type { Viewer } from '../../plugins/authenticate';
import { visibleLocationsCondition } from '../access';
import { EVALUATED_ATTRIBUTE } from '../bays';

/** Bay attributes of live bays the viewer may see, bound to API attributes of live APIs. */
function selectBayMetrics(db: Db, viewer: Viewer, where: SQL | undefined) {
  return db
    .select({
      id: bayMetrics.id,
      bayId: bayMetrics.bayId,
      bayName: bays.name,
      locationId: bays.locationId,
      locationName: locations.name,
      apiMetricId: bayMetrics.apiMetricId,
      apiMetricName: apiMetrics.name,
      apiId: apis.id,
      apiName: apis.name,
      keyValue: bayMetrics.keyValue,
      path: bayMetrics.path,
      type: bayMetrics.type,
      operator: bayMetrics.operator,
      thresholdActive: bayMetrics.thresholdActive,
      thresholdWarning: bayMetrics.thresholdWarning,
      thresholdCritical: bayMetrics.thresholdCritical,
      thresholdInactive: bayMetrics.thresholdInactive,
      pendingChecks: bayMetrics.pendingChecks,
      deadbandPercent: bayMetrics.deadbandPercent,
      displayName: bayMetrics.displayName,
      unit: bayMetrics.unit,
      trueLabel: bayMetrics.trueLabel,
      falseLabel: bayMetrics.falseLabel,
      defaults: {
        displayName: apiMetrics.displayName,
        unit: apiMetrics.unit,
        trueLabel: apiMetrics.trueLabel,
        falseLabel: apiMetrics.falseLabel,
      },
      // A not-null column first: Drizzle answers a left-joined object as null when its first field is null
      // (a stored verdict without a prediction would read as no verdict at all).
      foresight: {
        unusual: bayMetricForesight.unusual,
        level: bayMetricForesight.predictionLevel,
        expectedAt: bayMetricForesight.expectedAt,
        confidence: bayMetricForesight.confidence,
        low: bayMetricForesight.normalLow,
        high: bayMetricForesight.normalHigh,
      },
      lastValue: bayMetrics.lastValue,
      lastLevel: bayMetrics.lastLevel,
      lastReason: bayMetrics.lastReason,
      // Unchanged readings are not written (decision 007): an evaluated attribute was last read at its
      // API's last success, or when its reading last changed, whichever is later.
      lastReadAt: sql`case when ${EVALUATED_ATTRIBUTE} and ${bayMetrics.lastLevel} is not null
        then greatest(${bayMetrics.lastReadAt}, ${apis.lastSuccessAt}) else ${bayMetrics.lastReadAt} end`.mapWith(
        bayMetrics.lastReadAt,
      ),
      evaluated: sql<boolean>`(${EVALUATED_ATTRIBUTE})`,
      createdAt: bayMetrics.createdAt,
      updatedAt: bayMetrics.updatedAt,
      total: totalCount(),
    })
    .from(bayMetrics)
    .innerJoin(bays, eq(bays.id, bayMetrics.bayId))
    .innerJoin(locations, eq(locations.id, bays.locationId))
    .innerJoin(apiMetrics, eq(apiMetrics.id, bayMetrics.apiMetricId))
    .innerJoin(apis, eq(apis.id, apiMetrics.apiId))
    .leftJoin(bayMetricForesight, eq(bayMetricForesight.series, bayMetrics.series))
    .where(and(isNull(bays.deletedAt), isNull(apis.deletedAt), visibleLocationsCondition(viewer), where))
    .$dynamic();
}

type Row = Awaited<ReturnType<typeof selectBayMetrics>>[number];

/**
 * Foresight's stored verdict (modules/foresight; docs/domain.md, Foresight), the same on every instance: a
 * prediction whose expected time has passed with no newer one is over, and answered as none.
 */
function foresightOf(
  stored: Row['foresight'],
  now: Date,
): Pick<BayMetric, 'prediction' | 'unusual' | 'normal'> {
  if (!stored) return { prediction: null, unusual: false, normal: null };
  const { level, expectedAt, confidence, unusual, low, high } = stored;
  const ahead = level !== null && expectedAt !== null && expectedAt.getTime() > now.getTime();
  return {
    prediction: ahead ? { level, expectedAt: expectedAt.toISOString(), confidence: confidence ?? 0 } : null,
    unusual,
    normal: low !== null && high !== null ? { low, high } : null,
  };
}

function toBayMetric({ total: _t, defaults, foresight, ...row }: Row, now: Date): BayMetric {
  return {
    ...row,
    ...foresightOf(foresight, now),
    display: valueLabels(row, defaults, row.path),
    lastValue: row.lastValue ?? null,
    lastReadAt: row.lastReadAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function findBayMetric(
  db: Db,
  viewer: Viewer,
  id: string,
  now: Date = new Date(),
): Promise<BayMetric | undefined> {
  const [row] = await selectBayMetrics(db, viewer, eq(bayMetrics.id, id));
  return row ? toBayMetric(row, now) : undefined;
}

type SortColumn = (typeof BAY_METRIC_SORT_COLUMNS)[number];
const SORTS: Record<SortColumn, SQL> = {
  /** The name shown: the display name, else the API attribute's default, else the path. */
  displayName: byName(
    sql`coalesce(${bayMetrics.displayName}, ${apiMetrics.displayName}, ${bayMetrics.path})`,
  ),
  apiMetricName: byName(apiMetrics.name),
  apiName: byName(apis.name),
  bayName: byName(bays.name),
  lastLevel: sql`${bayMetrics.lastLevel}`,
  lastReadAt: sql`${bayMetrics.lastReadAt}`,
  createdAt: sql`${bayMetrics.createdAt}`,
};

export type BayMetricFilters = {
  bayId?: string;
  locationId?: string;
  apiMetricId?: string;
  apiId?: string;
  lastLevel?: AttributeLevel;
};

export async function listBayMetrics(
  db: Db,
  viewer: Viewer,
  query: {
    page: number;
    perPage: number;
    search?: string;
    sort?: { column: SortColumn; direction: 'asc' | 'desc' };
    filters?: BayMetricFilters;
  },
  now: Date,
) {
  const search = query.search ? containsPattern(query.search) : null;
  const f = query.filters ?? {};
  const where = and(
    search
      ? or(
          ilike(bayMetrics.displayName, search),
          ilike(apiMetrics.displayName, search),
          ilike(apiMetrics.name, search),
          ilike(apis.name, search),
          ilike(bayMetrics.keyValue, search),
          ilike(bayMetrics.path, search),
        )
      : undefined,
    f.bayId ? eq(bayMetrics.bayId, f.bayId) : undefined,
    f.locationId ? eq(bays.locationId, f.locationId) : undefined,
    f.apiMetricId ? eq(bayMetrics.apiMetricId, f.apiMetricId) : undefined,
    f.apiId ? eq(apis.id, f.apiId) : undefined,
    f.lastLevel ? eq(bayMetrics.lastLevel, f.lastLevel) : undefined,
  );
  const { limit, offset } = pageWindow(query);
  const order = query.sort
    ? [ordered(SORTS[query.sort.column], query.sort.direction)]
    : [SORTS.bayName, SORTS.apiMetricName, sql`${bayMetrics.path}`];
  const rows = await selectBayMetrics(db, viewer, where)
    .orderBy(...order, bayMetrics.id)
    .limit(limit)
    .offset(offset);
  return { data: rows.map((row) => toBayMetric(row, now)), count: rows[0]?.total ?? 0 };
}

/** The API attribute with its live API (for locking the API first, as a check does). */
export async function apiMetricWithApi(db: Db, apiMetricId: string) {
  const [row] = await db
    .select({ id: apiMetrics.id, apiId: apiMetrics.apiId })
    .from(apiMetrics)
    .innerJoin(apis, eq(apis.id, apiMetrics.apiId))
    .where(and(eq(apiMetrics.id, apiMetricId), isNull(apis.deletedAt)));
  return row;
}

/** The API attribute a bay attribute reads, unlocked (undefined when the attribute is gone). */
export async function apiMetricIdOfBayMetric(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ apiMetricId: bayMetrics.apiMetricId })
    .from(bayMetrics)
    .where(eq(bayMetrics.id, id));
  return row?.apiMetricId;
}

export async function lockBayMetric(tx: Db, id: string) {
  const [row] = await tx
    .select({
      id: bayMetrics.id,
      bayId: bayMetrics.bayId,
      apiMetricId: bayMetrics.apiMetricId,
      type: bayMetrics.type,
      operator: bayMetrics.operator,
      thresholdActive: bayMetrics.thresholdActive,
      thresholdWarning: bayMetrics.thresholdWarning,
      thresholdCritical: bayMetrics.thresholdCritical,
      thresholdInactive: bayMetrics.thresholdInactive,
      locationId: bays.locationId,
    })
    .from(bayMetrics)
    .innerJoin(bays, and(eq(bays.id, bayMetrics.bayId), isNull(bays.deletedAt)))
    .where(eq(bayMetrics.id, id))
    .for('update', { of: bayMetrics });
  return row;
}

export type BayMetricValues = {
  apiMetricId: string;
  keyValue: string;
  path: string;
  type: ValueType;
  operator: Operator;
  thresholdActive: string;
  thresholdWarning: string;
  thresholdCritical: string;
  thresholdInactive: string;
  /** Default 1 (the column's). */
  pendingChecks?: number;
  /** Null: the default deadband. */
  deadbandPercent?: number | null;
  /** How the value is shown (docs/domain.md, Words); null clears one, absent leaves it. */
  displayName?: string | null;
  unit?: string | null;
  trueLabel?: string | null;
  falseLabel?: string | null;
};

export async function insertBayMetric(tx: Db, bayId: string, values: BayMetricValues): Promise<string> {
  const [row] = await tx
    .insert(bayMetrics)
    .values({ bayId, ...values })
    .returning({ id: bayMetrics.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function updateBayMetric(tx: Db, id: string, values: Partial<BayMetricValues>) {
  await tx
    .update(bayMetrics)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(bayMetrics.id, id));
}

export async function deleteBayMetric(tx: Db, id: string) {
  await tx.delete(bayMetrics).where(eq(bayMetrics.id, id));
}
