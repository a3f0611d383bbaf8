import type { API_SORT_COLUMNS, ApiDetails, ApiStatus, AuthMethod, HttpMethod } from '@vaskedrift/shared';
import { and, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { qualified } from '../../db/qualified';
import { apiCheckLogs, apiCheckStats, apiMetrics, apis } from '../../db/schema';
import { byName, containsPattern, ordered, pageWindow, totalCount } from '../../lib/list-query';
import type { StoredApi } from '../engine';

const apiId = qualified(apis.id);

/**
 * Stored APIs (never deleted ones) with their 24-hour check figures; secrets only as sealed text, custom
 * headers only by name.
 */
function selectApis(db: Db, where: SQL | undefined) {
  return db
    .select({
      id: apis.id,
      name: apis.name,
      endpointUrl: apis.endpointUrl,
      authEndpointUrl: apis.authEndpointUrl,
      tokenPath: apis.tokenPath,
      clientId: apis.clientId,
      hasClientSecret: sql<boolean>`${apis.clientSecretEncrypted} is not null`,
      hasApiKey: sql<boolean>`${apis.apiKeyEncrypted} is not null`,
      authMethod: apis.authMethod,
      method: apis.method,
      headerNames: sql<
        string[]
      >`array(select k from jsonb_object_keys(${apis.headers}) k order by lower(k), k)`,
      body: apis.body,
      params: apis.params,
      details: apis.details,
      checkInterval: apis.checkInterval,
      status: apis.status,
      pushTokenEncrypted: apis.pushTokenEncrypted,
      nextCheckAt: apis.nextCheckAt,
      lastCheckAt: apis.lastCheckAt,
      lastSuccessAt: apis.lastSuccessAt,
      lastError: apis.lastError,
      consecutiveFailures: apis.consecutiveFailures,
      stats: sql<{ checks: number; failures: number; duration: number } | null>`(
        select json_build_object('checks', sum(s.checks), 'failures', sum(s.failures),
          'duration', sum(s.duration_sum_ms))
        from ${apiCheckStats} s where s.api_id = ${apiId} and s.hour >= date_trunc('hour', now() - interval '24 hours')
        having sum(s.checks) > 0)`,
      metricCount: sql<number>`(select count(*) from ${apiMetrics} m where m.api_id = ${apiId})::int`,
      createdAt: apis.createdAt,
      updatedAt: apis.updatedAt,
      total: totalCount(),
    })
    .from(apis)
    .where(and(isNull(apis.deletedAt), where))
    .$dynamic();
}

export type ApiRow = Awaited<ReturnType<typeof selectApis>>[number];

export async function findApiRow(db: Db, id: string): Promise<ApiRow | undefined> {
  const [row] = await selectApis(db, eq(apis.id, id));
  return row;
}

type SortColumn = (typeof API_SORT_COLUMNS)[number];
const SORTS: Record<SortColumn, SQL> = {
  name: byName(apis.name),
  status: sql`${apis.status}`,
  lastCheckAt: sql`${apis.lastCheckAt}`,
  checkInterval: sql`${apis.checkInterval}`,
  createdAt: sql`${apis.createdAt}`,
};

export type ApiListQuery = {
  page: number;
  perPage: number;
  search?: string;
  sort?: { column: SortColumn; direction: 'asc' | 'desc' };
  filters?: { status?: ApiStatus; authMethod?: AuthMethod; failing?: boolean };
};

export async function listApiRows(db: Db, query: ApiListQuery) {
  const search = query.search ? containsPattern(query.search) : null;
  const f = query.filters;
  const where = and(
    search ? or(ilike(apis.name, search), ilike(apis.endpointUrl, search)) : undefined,
    f?.status ? eq(apis.status, f.status) : undefined,
    f?.authMethod ? eq(apis.authMethod, f.authMethod) : undefined,
    f?.failing === undefined
      ? undefined
      : f.failing
        ? sql`${apis.consecutiveFailures} > 0`
        : sql`${apis.consecutiveFailures} = 0`,
  );
  const { limit, offset } = pageWindow(query);
  const order = query.sort ? ordered(SORTS[query.sort.column], query.sort.direction) : SORTS.name;
  const rows = await selectApis(db, where).orderBy(order, apis.id).limit(limit).offset(offset);
  const count =
    rows[0]?.total ??
    (offset > 0
      ? ((
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(apis)
            .where(and(isNull(apis.deletedAt), where))
        )[0]?.n ?? 0)
      : 0);
  return { rows, count };
}

export type ApiValues = {
  name: string;
  endpointUrl: string;
  authEndpointUrl: string | null;
  tokenPath: string | null;
  clientId: string | null;
  clientSecretEncrypted: string | null;
  apiKeyEncrypted: string | null;
  authMethod: AuthMethod;
  method: HttpMethod;
  headers: Record<string, string>;
  body: string | null;
  params: Record<string, string>;
  details: ApiDetails;
  checkInterval: number;
  status: ApiStatus;
};

/** A first check within two seconds: soon enough for an admin, spread enough for a bulk import. */
const FIRST_CHECK = sql`now() + random() * interval '2 seconds'`;

export async function insertApi(
  tx: Db,
  values: ApiValues & { pushTokenHash: string; pushTokenEncrypted: string; createdBy: string | null },
): Promise<string> {
  const [row] = await tx
    .insert(apis)
    .values({ ...values, nextCheckAt: FIRST_CHECK })
    .returning({ id: apis.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** A live API with everything a check needs (secrets sealed), locked for the rest of the transaction. */
export async function lockApi(tx: Db, id: string) {
  const [row] = await tx
    .select()
    .from(apis)
    .where(and(eq(apis.id, id), isNull(apis.deletedAt)))
    .for('update');
  return row;
}

/** A live API with its sealed secrets, not locked (manual checks). */
export async function findStoredApi(db: Db, id: string): Promise<StoredApi | undefined> {
  const [row] = await db
    .select()
    .from(apis)
    .where(and(eq(apis.id, id), isNull(apis.deletedAt)));
  return row;
}

export async function updateApiRow(
  tx: Db,
  id: string,
  values: Partial<ApiValues> & { pushTokenHash?: string; pushTokenEncrypted?: string },
  { enabling }: { enabling: boolean },
) {
  await tx
    .update(apis)
    .set({
      ...values,
      updatedAt: sql`now()`,
      // Enabled again: check soon, and start counting failures afresh.
      ...(enabling ? { nextCheckAt: FIRST_CHECK, consecutiveFailures: 0 } : {}),
    })
    .where(eq(apis.id, id));
}

/**
 * APIs (deleted ones too) with a header value not in the sealed format, locked: what the start-up step
 * seals. The format is checked again in code (`looksSealed`); this only narrows the scan.
 */
export async function lockApisWithPlainHeaders(tx: Db) {
  return tx
    .select({ id: apis.id, headers: apis.headers })
    .from(apis)
    .where(sql`exists (select 1 from jsonb_each_text(${apis.headers}) h where h.value !~ '^v1[.]')`)
    .for('update');
}

export async function setApiHeaders(tx: Db, id: string, headers: Record<string, string>) {
  await tx.update(apis).set({ headers }).where(eq(apis.id, id));
}

export async function softDeleteApi(tx: Db, id: string) {
  await tx
    .update(apis)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()`, status: 'disabled' })
    .where(eq(apis.id, id));
}

export async function findApiByPushHash(db: Db, hash: string): Promise<StoredApi | undefined> {
  const [row] = await db
    .select()
    .from(apis)
    .where(and(eq(apis.pushTokenHash, hash), isNull(apis.deletedAt)));
  return row;
}

export async function listCheckLogs(
  db: Db,
  query: { apiId: string; page: number; perPage: number; filters?: { outcome?: 'ok' | 'error' } },
) {
  const where = and(
    eq(apiCheckLogs.apiId, query.apiId),
    query.filters?.outcome ? eq(apiCheckLogs.outcome, query.filters.outcome) : undefined,
  );
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select({
      id: apiCheckLogs.id,
      apiId: apiCheckLogs.apiId,
      startedAt: apiCheckLogs.startedAt,
      source: apiCheckLogs.source,
      outcome: apiCheckLogs.outcome,
      httpStatus: apiCheckLogs.httpStatus,
      durationMs: apiCheckLogs.durationMs,
      bytes: apiCheckLogs.bytes,
      records: apiCheckLogs.records,
      error: apiCheckLogs.error,
      errorCode: apiCheckLogs.errorCode,
      total: totalCount(),
    })
    .from(apiCheckLogs)
    .where(where)
    .orderBy(desc(apiCheckLogs.startedAt), desc(apiCheckLogs.id))
    .limit(limit)
    .offset(offset);
  return {
    data: rows.map(({ total: _t, ...r }) => ({ ...r, startedAt: r.startedAt.toISOString() })),
    count: rows[0]?.total ?? 0,
  };
}
