import type { API_METRIC_SORT_COLUMNS, ApiMetric, ApiStatus } from '@vaskedrift/shared';
import { and, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { qualified } from '../../db/qualified';
import { apiMetrics, apis, bayMetrics } from '../../db/schema';
import { byName, containsPattern, ordered, pageWindow, totalCount } from '../../lib/list-query';

/** API attributes of live APIs, with their API's name and how many bay attributes use them. */
function selectApiMetrics(db: Db, where: SQL | undefined) {
  return db
    .select({
      id: apiMetrics.id,
      apiId: apiMetrics.apiId,
      apiName: apis.name,
      name: apiMetrics.name,
      description: apiMetrics.description,
      keyIdentifier: apiMetrics.keyIdentifier,
      targetKeys: apiMetrics.targetKeys,
      status: apiMetrics.status,
      displayName: apiMetrics.displayName,
      unit: apiMetrics.unit,
      trueLabel: apiMetrics.trueLabel,
      falseLabel: apiMetrics.falseLabel,
      bayMetricCount: sql<number>`(select count(*) from ${bayMetrics} b where b.api_metric_id = ${qualified(apiMetrics.id)})::int`,
      createdAt: apiMetrics.createdAt,
      updatedAt: apiMetrics.updatedAt,
      total: totalCount(),
    })
    .from(apiMetrics)
    .innerJoin(apis, eq(apis.id, apiMetrics.apiId))
    .where(and(isNull(apis.deletedAt), where))
    .$dynamic();
}

type Row = Awaited<ReturnType<typeof selectApiMetrics>>[number];

function toApiMetric({ total: _t, ...row }: Row): ApiMetric {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

export async function findApiMetric(db: Db, id: string): Promise<ApiMetric | undefined> {
  const [row] = await selectApiMetrics(db, eq(apiMetrics.id, id));
  return row ? toApiMetric(row) : undefined;
}

type SortColumn = (typeof API_METRIC_SORT_COLUMNS)[number];
const SORTS: Record<SortColumn, SQL> = {
  name: byName(apiMetrics.name),
  apiName: byName(apis.name),
  status: sql`${apiMetrics.status}`,
  createdAt: sql`${apiMetrics.createdAt}`,
};

export async function listApiMetrics(
  db: Db,
  query: {
    page: number;
    perPage: number;
    search?: string;
    sort?: { column: SortColumn; direction: 'asc' | 'desc' };
    filters?: { apiId?: string; status?: ApiStatus };
  },
) {
  const search = query.search ? containsPattern(query.search) : null;
  const where = and(
    search
      ? or(
          ilike(apiMetrics.name, search),
          ilike(apiMetrics.description, search),
          ilike(apiMetrics.displayName, search),
          ilike(apis.name, search),
        )
      : undefined,
    query.filters?.apiId ? eq(apiMetrics.apiId, query.filters.apiId) : undefined,
    query.filters?.status ? eq(apiMetrics.status, query.filters.status) : undefined,
  );
  const { limit, offset } = pageWindow(query);
  const order = query.sort
    ? ordered(SORTS[query.sort.column], query.sort.direction)
    : [SORTS.apiName, SORTS.name];
  const rows = await selectApiMetrics(db, where)
    .orderBy(...(Array.isArray(order) ? order : [order]), apiMetrics.id)
    .limit(limit)
    .offset(offset);
  return { data: rows.map(toApiMetric), count: rows[0]?.total ?? 0 };
}

/** The live API an attribute belongs to, locked: admin changes to its attributes queue behind its check. */
export async function lockLiveApi(tx: Db, apiId: string) {
  const [row] = await tx
    .select({ id: apis.id, name: apis.name })
    .from(apis)
    .where(and(eq(apis.id, apiId), isNull(apis.deletedAt)))
    .for('update');
  return row;
}

export async function apiIdOfMetric(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db.select({ apiId: apiMetrics.apiId }).from(apiMetrics).where(eq(apiMetrics.id, id));
  return row?.apiId;
}

export type ApiMetricValues = {
  name: string;
  description: string;
  keyIdentifier: string;
  targetKeys: string[];
  status: ApiStatus;
  /** Defaults for its bay attributes (docs/domain.md, Words); null clears one, absent leaves it. */
  displayName?: string | null;
  unit?: string | null;
  trueLabel?: string | null;
  falseLabel?: string | null;
};

export async function insertApiMetric(tx: Db, apiId: string, values: ApiMetricValues): Promise<string> {
  const [row] = await tx
    .insert(apiMetrics)
    .values({ apiId, ...values })
    .returning({ id: apiMetrics.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function lockApiMetric(tx: Db, id: string) {
  const [row] = await tx.select().from(apiMetrics).where(eq(apiMetrics.id, id)).for('update');
  return row;
}

export async function updateApiMetric(tx: Db, id: string, values: Partial<ApiMetricValues>) {
  await tx
    .update(apiMetrics)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(apiMetrics.id, id));
}

export async function deleteApiMetric(tx: Db, id: string) {
  await tx.delete(apiMetrics).where(eq(apiMetrics.id, id));
}
