import type { Operator, ValueType } from '@vaskedrift/shared';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  alertEvents,
  alerts,
  bayStatusPeriods,
  incidents,
  maintenanceJobs,
  maintenancePlans,
  users,
} from '../../db/schema';
import { insertReadings } from '../readings';
import type { HistoryLocation } from './history-input';
import type { HistoryJob, HistoryServicePlan } from './history-jobs';
import type { HistoryPlan } from './history-plan';

/** Rows per multi-row INSERT (well under PostgreSQL's 65,535 parameters for the widest table). */
const BATCH = 1_000;
/** Checks per `insertReadings` statement. */
const CHECK_BATCH = 500;

function batches<T>(rows: T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * Whether anything has happened in this database yet: a status period other than a bay's first, or an
 * alert. The history is written only before, so a second run (or a restart) writes nothing.
 */
export async function hasHappened(tx: Db): Promise<boolean> {
  const { rows } = await tx.execute<{ happened: boolean }>(sql`
    select exists (select 1 from ${bayStatusPeriods} where cause <> 'created')
      or exists (select 1 from ${alerts}) as happened`);
  return rows[0]?.happened ?? true;
}

/** The demo's facilities as the history needs them: each demo API with its bays and their attributes. */
export async function demoLocations(tx: Db): Promise<HistoryLocation[]> {
  const { rows } = await tx.execute<{
    location: string;
    api: number;
    bay_id: string;
    location_id: string;
    id: string;
    series: number;
    key_value: string;
    path: string;
    type: ValueType;
    operator: Operator;
    threshold_critical: string;
    threshold_warning: string;
    threshold_inactive: string;
    threshold_active: string;
    display_name: string | null;
    deadband_percent: number | null;
  }>(sql`
    select a.details->>'simulatorFacility' as location, a.key as api, b.id as bay_id, b.location_id, bm.id,
      bm.series, bm.key_value, bm.path, bm.type, bm.operator, bm.threshold_critical, bm.threshold_warning,
      bm.threshold_inactive, bm.threshold_active, bm.display_name, bm.deadband_percent
    from apis a join api_metrics am on am.api_id = a.id join bay_metrics bm on bm.api_metric_id = am.id
      join bays b on b.id = bm.bay_id
    where a.details->>'demo' = 'true' and a.deleted_at is null and b.deleted_at is null
    order by a.key, b.sort_order, bm.series`);
  const locations = new Map<string, HistoryLocation>();
  for (const r of rows) {
    let location = locations.get(r.location);
    if (!location) {
      location = { simulatorId: r.location, apiKey: Number(r.api), bays: [] };
      locations.set(r.location, location);
    }
    let bay = location.bays.find((b) => b.id === r.bay_id);
    if (!bay) {
      bay = { id: r.bay_id, locationId: r.location_id, key: r.key_value, attributes: [] };
      location.bays.push(bay);
    }
    bay.attributes.push({
      id: r.id,
      series: Number(r.series),
      keyValue: r.key_value,
      path: r.path,
      type: r.type,
      operator: r.operator,
      thresholdCritical: r.threshold_critical,
      thresholdWarning: r.threshold_warning,
      thresholdInactive: r.threshold_inactive,
      thresholdActive: r.threshold_active,
      displayName: r.display_name ?? r.path,
      deadbandPercent: r.deadband_percent === null ? null : Number(r.deadband_percent),
    });
  }
  return [...locations.values()];
}

export async function userIdsByEmail(tx: Db, emails: string[]): Promise<Map<string, string>> {
  const rows = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  return new Map(rows.map((r) => [r.email, r.id]));
}

/**
 * The demo's facilities, bays, APIs and attributes existed from the history's start; the status periods of
 * the history replace the bays' first ones.
 */
export async function backdateDemo(tx: Db, bayIds: string[], start: Date): Promise<void> {
  await tx.execute(sql`update locations set created_at = ${start}, updated_at = ${start}`);
  await tx.execute(sql`update apis set created_at = ${start}, updated_at = ${start}`);
  await tx.execute(sql`update api_metrics set created_at = ${start}, updated_at = ${start}`);
  await tx.execute(sql`update bay_metrics set created_at = ${start}, updated_at = ${start}`);
  await tx.execute(sql`update bays set created_at = ${start}, updated_at = ${start}`);
  await tx.delete(bayStatusPeriods).where(inArray(bayStatusPeriods.bayId, bayIds));
}

export async function insertPeriods(tx: Db, plan: HistoryPlan): Promise<void> {
  for (const rows of batches(plan.periods)) await tx.insert(bayStatusPeriods).values(rows);
}

/** The bays' status now and the attributes' last and last stored reading: where the live checks go on. */
export async function writeCurrentState(tx: Db, plan: HistoryPlan): Promise<void> {
  for (const rows of batches(plan.bays)) {
    await tx.execute(sql`
      update bays set status = s.status, status_changed_at = s.changed_at, monitored = true
      from unnest(${sql.param(rows.map((r) => r.id))}::uuid[], ${sql.param(rows.map((r) => r.status))}::text[],
        ${sql.param(rows.map((r) => r.statusChangedAt.toISOString()))}::timestamptz[]) as s(id, status, changed_at)
      where bays.id = s.id`);
  }
  const json = (v: unknown) => (v === null ? null : JSON.stringify(v));
  for (const rows of batches(plan.attributes)) {
    await tx.execute(sql`
      update bay_metrics set last_value = s.value, last_level = s.level, last_reason = s.reason,
        last_read_at = ${plan.lastReadAt}, stored_value = s.stored_value, stored_at = s.stored_at, level_checks = 1
      from unnest(${sql.param(rows.map((r) => r.id))}::uuid[], ${sql.param(rows.map((r) => json(r.value)))}::jsonb[],
        ${sql.param(rows.map((r) => r.level))}::text[], ${sql.param(rows.map((r) => r.reason))}::text[],
        ${sql.param(rows.map((r) => json(r.storedValue)))}::jsonb[],
        ${sql.param(rows.map((r) => r.storedAt.toISOString()))}::timestamptz[])
        as s(id, value, level, reason, stored_value, stored_at)
      where bay_metrics.id = s.id`);
  }
}

export async function insertAlerts(tx: Db, plan: HistoryPlan): Promise<void> {
  const rows = plan.alerts.map(({ criticalAt: _c, location: _f, ...alert }) => ({
    ...alert,
    notifiedLevel: alert.level,
  }));
  for (const batch of batches(rows)) await tx.insert(alerts).values(batch);
  for (const batch of batches(plan.events)) await tx.insert(alertEvents).values(batch);
}

/** The weekly service plan and every job; the plan's jobs carry its id and their occurrence. */
export async function insertMaintenance(
  tx: Db,
  jobs: HistoryJob[],
  plan: HistoryServicePlan | null,
): Promise<void> {
  let planId: string | null = null;
  if (plan) {
    const { rule } = plan;
    const [row] = await tx
      .insert(maintenancePlans)
      .values({
        bayId: plan.bayId,
        type: 'service',
        assigneeId: plan.createdBy,
        description: plan.description,
        reminderHours: 1,
        reminderMinutes: 0,
        startsAt: rule.startsAt,
        endsAt: rule.endsAt,
        repeatKind: rule.recurrence.kind,
        repeatEvery: rule.recurrence.kind === 'none' ? 1 : rule.recurrence.every,
        repeatWeekdays: rule.recurrence.kind === 'weeks' ? [...rule.recurrence.weekdays] : [],
        nextStartAt: plan.next?.startsAt ?? null,
        nextEndAt: plan.next?.endsAt ?? null,
        lastStartAt: plan.lastStartAt,
        createdBy: plan.createdBy,
        createdAt: rule.startsAt,
        updatedAt: rule.startsAt,
      })
      .returning({ id: maintenancePlans.id });
    planId = row?.id ?? null;
  }
  const rows = jobs.map(({ plannedStartAt, ...job }) => ({
    ...job,
    reminderHours: 1,
    reminderMinutes: 0,
    updatedAt: job.endedAt,
    planId: plannedStartAt ? planId : null,
    plannedStartAt,
    endsAutomatically: plannedStartAt !== null,
  }));
  for (const batch of batches(rows)) await tx.insert(maintenanceJobs).values(batch);
}

export async function insertRawReadings(tx: Db, plan: HistoryPlan): Promise<void> {
  for (const checks of batches(plan.raw, CHECK_BATCH)) await insertReadings(tx, checks);
}

/**
 * The incidents of the past alerts (docs/domain.md, Incidents): per bay, alerts whose times overlap are the
 * causes of one incident, from the first opening to the last resolution, at the highest level any of them
 * reached; told at that level, and acknowledged when and by whom its first cause was. An alert still open
 * at the end leaves its incident open. Two statements: the incidents, then each alert joins its own.
 */
export async function insertIncidents(tx: Db, bayIds: string[]): Promise<void> {
  if (bayIds.length === 0) return;
  await tx.execute(sql`
    with causes as (
      select a.id, a.bay_id, a.location_id, a.opened_at, a.resolved_at, a.acknowledged_by, a.acknowledged_at,
        a.level = 'critical' or exists (
          select 1 from ${alertEvents} e where e.alert_id = a.id and e.level = 'critical'
        ) as critical,
        max(coalesce(a.resolved_at, 'infinity'::timestamptz)) over (
          partition by a.bay_id order by a.opened_at, a.id rows between unbounded preceding and 1 preceding
        ) as earlier_end
      from ${alerts} a
      where a.bay_id = any(${sql.param(bayIds)}::uuid[]) and a.incident_id is null
    ),
    grouped as (
      select *, count(*) filter (where earlier_end is null or opened_at > earlier_end)
        over (partition by bay_id order by opened_at, id) as incident
      from causes
    )
    insert into ${incidents}
      (location_id, bay_id, level, opened_at, updated_at, resolved_at, notified_level, acknowledged_by,
       acknowledged_at)
    select (array_agg(location_id))[1], bay_id,
      case when bool_or(critical) then 'critical' else 'warning' end,
      min(opened_at),
      coalesce(max(resolved_at), min(opened_at)),
      case when bool_and(resolved_at is not null) then max(resolved_at) end,
      case when bool_or(critical) then 'critical' else 'warning' end,
      (array_agg(acknowledged_by order by acknowledged_at) filter (where acknowledged_by is not null))[1],
      min(acknowledged_at)
    from grouped group by bay_id, incident`);
  await tx.execute(sql`
    update ${alerts} a set incident_id = i.id
    from ${incidents} i
    where a.bay_id = any(${sql.param(bayIds)}::uuid[]) and a.incident_id is null and i.bay_id = a.bay_id
      and a.opened_at >= i.opened_at and (i.resolved_at is null or a.opened_at <= i.resolved_at)`);
}
