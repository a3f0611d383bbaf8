import {
  CHECK_FAILURE_LOG_TYPE,
  type LocationLogEntry,
  type LocationLogFilters,
  type LocationLogKind,
} from '@vaskedrift/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiCheckLogs, apiMetrics, apis, bayMetrics, bays, logs, users } from '../../db/schema';
import { containsPattern, pageWindow } from '../../lib/list-query';

export type LocationLogQuery = {
  locationId: string;
  page: number;
  perPage: number;
  search?: string | undefined;
  direction: 'asc' | 'desc';
  filters: LocationLogFilters;
};

type Row = {
  kind: LocationLogKind;
  id: string;
  type: string;
  at: Date | string;
  user_id: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  bay_id: string | null;
  bay_name: string | null;
  api_id: string | null;
  api_name: string | null;
  resource_type: string | null;
  extra_data: Record<string, unknown> | null;
  total: number;
};

const and = (parts: Array<SQL | undefined>): SQL => {
  const present = parts.filter((p): p is SQL => p !== undefined);
  return present.length === 0 ? sql`true` : sql.join(present, sql` and `);
};

/**
 * A page of one facility's log: its audit entries (about the facility, or naming it in `extra_data` —
 * bays, links, cameras, attributes, jobs, mutes, access) and the failed checks of the APIs that feed its
 * bays, merged by time in one query. Each source is filtered on its own (kind, type, bay, period) so the
 * indexes on `logs (extra_data->>'locationId', id)` and `api_check_logs (api_id, started_at)` do the work;
 * the free text then looks in the type, the names, who did it and a check's reason.
 */
export async function listLocationLogs(
  db: Db,
  q: LocationLogQuery,
): Promise<{ rows: LocationLogEntry[]; count: number }> {
  const f = q.filters;
  const wantAudit = f.kind !== 'check' && f.type !== CHECK_FAILURE_LOG_TYPE;
  const wantChecks = f.kind !== 'audit' && (!f.type || f.type === CHECK_FAILURE_LOG_TYPE);
  const from = f.from ? new Date(f.from) : undefined;
  const to = f.to ? new Date(f.to) : undefined;
  const auditBay = sql`case when ${logs.resourceType} = 'bays' then ${logs.resourceId} else ${logs.extraData}->>'bayId' end`;

  const branches: SQL[] = [];
  if (wantAudit) {
    branches.push(sql`
      select 'audit' as kind, ${logs.id}::text as id, ${logs.type} as type, ${logs.createdAt} as at,
        ${logs.userId} as user_id, ${auditBay} as bay_id, null::uuid as api_id,
        ${logs.resourceType} as resource_type, ${logs.extraData} as extra_data
      from ${logs}
      where ${and([
        sql`((${logs.extraData}->>'locationId') = ${q.locationId}
          or (${logs.resourceType} = 'locations' and ${logs.resourceId} = ${q.locationId}))`,
        f.type ? sql`${logs.type} = ${f.type}` : undefined,
        f.bayId ? sql`${auditBay} = ${f.bayId}` : undefined,
        from ? sql`${logs.createdAt} >= ${from}` : undefined,
        to ? sql`${logs.createdAt} < ${to}` : undefined,
      ])}`);
  }
  if (wantChecks) {
    // The APIs feeding the facility's live bays (or the chosen bay) through their attributes.
    const feeding = sql`
      select ${apiMetrics.apiId} from ${bayMetrics}
      join ${apiMetrics} on ${apiMetrics.id} = ${bayMetrics.apiMetricId}
      join ${bays} on ${bays.id} = ${bayMetrics.bayId}
      where ${and([
        sql`${bays.locationId} = ${q.locationId}`,
        sql`${bays.deletedAt} is null`,
        f.bayId ? sql`${bays.id} = ${f.bayId}` : undefined,
      ])}`;
    branches.push(sql`
      select 'check' as kind, ${apiCheckLogs.id}::text as id, ${CHECK_FAILURE_LOG_TYPE} as type,
        ${apiCheckLogs.startedAt} as at, null::uuid as user_id, null as bay_id, ${apiCheckLogs.apiId} as api_id,
        'apis' as resource_type,
        jsonb_strip_nulls(jsonb_build_object('error', ${apiCheckLogs.error}, 'errorCode', ${apiCheckLogs.errorCode},
          'httpStatus', ${apiCheckLogs.httpStatus}, 'source', ${apiCheckLogs.source})) as extra_data
      from ${apiCheckLogs}
      where ${and([
        sql`${apiCheckLogs.outcome} = 'error'`,
        sql`${apiCheckLogs.apiId} in (${feeding})`,
        from ? sql`${apiCheckLogs.startedAt} >= ${from}` : undefined,
        to ? sql`${apiCheckLogs.startedAt} < ${to}` : undefined,
      ])}`);
  }
  if (branches.length === 0) return { rows: [], count: 0 };

  const pattern = q.search ? containsPattern(q.search) : undefined;
  const searched = pattern
    ? sql`where e.type ilike ${pattern} or e.extra_data->>'name' ilike ${pattern}
        or e.extra_data->>'title' ilike ${pattern} or e.extra_data->>'error' ilike ${pattern}
        or b.name ilike ${pattern} or a.name ilike ${pattern}
        or u.first_name || ' ' || u.last_name ilike ${pattern} or u.email ilike ${pattern}`
    : sql``;
  const direction = q.direction === 'asc' ? sql`asc` : sql`desc`;
  const { limit, offset } = pageWindow(q);
  const result = await db.execute<Row>(sql`
    select e.kind, e.id, e.type, e.at, e.user_id, u.first_name, u.last_name, u.email,
      e.bay_id, b.name as bay_name, e.api_id, a.name as api_name, e.resource_type, e.extra_data,
      (count(*) over())::int as total
    from (${sql.join(branches, sql` union all `)}) e
    left join ${users} u on u.id = e.user_id
    left join ${bays} b on b.id::text = e.bay_id
    left join ${apis} a on a.id = e.api_id
    ${searched}
    order by e.at ${direction}, e.kind ${direction}, e.id::bigint ${direction}
    limit ${limit} offset ${offset}`);
  return { rows: result.rows.map(toEntry), count: result.rows[0]?.total ?? 0 };
}

function toEntry(r: Row): LocationLogEntry {
  return {
    id: `${r.kind}:${r.id}`,
    kind: r.kind,
    type: r.type,
    at: new Date(r.at).toISOString(),
    user:
      r.user_id && r.email
        ? { id: r.user_id, firstName: r.first_name ?? '', lastName: r.last_name ?? '', email: r.email }
        : null,
    bayId: r.bay_id,
    bayName: r.bay_name,
    apiId: r.api_id,
    apiName: r.api_name,
    resourceType: r.resource_type,
    extraData: r.extra_data,
  };
}
