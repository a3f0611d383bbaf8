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
  const pattern = q.search ? containsPattern(q.search) : undefined;

  // Each branch yields only (kind, id, at): the page is cut from these narrow rows and only its own
  // rows are read in full, so a facility with 86,000 failed checks sorts keys, not documents.
  const branches: SQL[] = [];
  if (wantAudit) {
    const searched = pattern
      ? sql`(${logs.type} ilike ${pattern} or ${logs.extraData}->>'name' ilike ${pattern}
          or ${logs.extraData}->>'title' ilike ${pattern}
          or exists (select 1 from ${users} where ${users.id} = ${logs.userId}
            and (${users.firstName} || ' ' || ${users.lastName} ilike ${pattern} or ${users.email} ilike ${pattern}))
          or exists (select 1 from ${bays} where ${bays.locationId} = ${q.locationId}
            and ${bays.id}::text = ${auditBay} and ${bays.name} ilike ${pattern}))`
      : undefined;
    branches.push(sql`
      select 'audit' as kind, ${logs.id} as id, ${logs.createdAt} as at from ${logs}
      where ${and([
        sql`((${logs.extraData}->>'locationId') = ${q.locationId}
          or (${logs.resourceType} = 'locations' and ${logs.resourceId} = ${q.locationId}))`,
        f.type ? sql`${logs.type} = ${f.type}` : undefined,
        f.bayId ? sql`${auditBay} = ${f.bayId}` : undefined,
        from ? sql`${logs.createdAt} >= ${from}` : undefined,
        to ? sql`${logs.createdAt} < ${to}` : undefined,
        searched,
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
    // Every failed check has the same type: a search in it keeps them all. The API's name is matched once
    // per API, not once per row.
    const searched =
      pattern && !CHECK_FAILURE_LOG_TYPE.includes(q.search?.toLowerCase() ?? '')
        ? sql`(${apiCheckLogs.error} ilike ${pattern} or ${apiCheckLogs.apiId} in (
            select ${apis.id} from ${apis} where ${apis.id} in (${feeding}) and ${apis.name} ilike ${pattern}))`
        : undefined;
    branches.push(sql`
      select 'check' as kind, ${apiCheckLogs.id} as id, ${apiCheckLogs.startedAt} as at from ${apiCheckLogs}
      where ${and([
        sql`${apiCheckLogs.outcome} = 'error'`,
        sql`${apiCheckLogs.apiId} in (${feeding})`,
        from ? sql`${apiCheckLogs.startedAt} >= ${from}` : undefined,
        to ? sql`${apiCheckLogs.startedAt} < ${to}` : undefined,
        searched,
      ])}`);
  }
  if (branches.length === 0) return { rows: [], count: 0 };

  const entries = sql.join(branches, sql` union all `);
  const direction = q.direction === 'asc' ? sql`asc` : sql`desc`;
  const order = sql`p.at ${direction}, p.kind ${direction}, p.id ${direction}`;
  const { limit, offset } = pageWindow(q);
  const [page, total] = await Promise.all([
    db.execute<Row>(sql`
      with p as (select * from (${entries}) e order by e.at ${direction}, e.kind ${direction}, e.id ${direction}
        limit ${limit} offset ${offset})
      select p.kind, p.id::text as id, p.at,
        coalesce(l.type, ${CHECK_FAILURE_LOG_TYPE}) as type, l.user_id, u.first_name, u.last_name, u.email,
        b.id::text as bay_id, b.name as bay_name, c.api_id, a.name as api_name,
        case when p.kind = 'check' then 'apis' else l.resource_type end as resource_type,
        case when p.kind = 'check'
          then jsonb_strip_nulls(jsonb_build_object('error', c.error, 'errorCode', c.error_code,
            'httpStatus', c.http_status, 'source', c.source))
          else l.extra_data end as extra_data
      from p
      left join ${logs} l on p.kind = 'audit' and l.id = p.id
      left join ${apiCheckLogs} c on p.kind = 'check' and c.id = p.id
      left join ${users} u on u.id = l.user_id
      left join ${bays} b on b.location_id = ${q.locationId}
        and b.id::text = (case when l.resource_type = 'bays' then l.resource_id else l.extra_data->>'bayId' end)
      left join ${apis} a on a.id = c.api_id
      order by ${order}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from (${entries}) e`),
  ]);
  return { rows: page.rows.map(toEntry), count: total.rows[0]?.n ?? 0 };
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
