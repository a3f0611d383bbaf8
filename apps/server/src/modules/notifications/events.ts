import type { NotificationEventType, NotificationTag } from '@vaskedrift/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notificationEvents } from '../../db/schema';

export type NotificationEventRow = typeof notificationEvents.$inferSelect;

/** One thing that may be told to someone (docs/decisions/019-notifications.md). */
export type NewNotificationEvent = {
  type: NotificationEventType;
  /** Who subscribes to it; `system` goes to every admin. */
  tag: NotificationTag | 'system';
  /** Unique per event for ever: the same change recorded again (a retry, a second instance) is ignored. */
  dedupeKey: string;
  locationIds: string[];
  bayIds: string[];
  apiId?: string | null;
  alertId?: string | null;
  maintenanceId?: string | null;
  incidentId?: string | null;
  /** What the e-mail and the webhook say; plain JSON. */
  payload: Record<string, unknown>;
  /**
   * Alerts are recorded but not sent while every bay they are about is in maintenance or muted. Maintenance
   * events themselves and system notices pass false.
   */
  suppressible: boolean;
};

/**
 * Why a message about these bays is not sent now, in SQL: 'maintenance' when every one is in maintenance,
 * else 'muted' when every one is muted; null otherwise (and for no bays).
 */
export function suppressionOf(bayIds: SQL): SQL<'maintenance' | 'muted' | null> {
  return sql`case
    when cardinality(${bayIds}) = 0 then null
    when not exists (
      select 1 from unnest(${bayIds}) as b(id)
      where not exists (select 1 from maintenance_jobs j where j.bay_id = b.id and j.ended_at is null)
    ) then 'maintenance'
    when not exists (
      select 1 from unnest(${bayIds}) as b(id) join bays on bays.id = b.id
      where not exists (
        select 1 from mutes m
        where m.location_id = bays.location_id and (m.bay_id is null or m.bay_id = b.id) and m.until > now()
      )
    ) then 'muted'
  end`;
}

/**
 * Records events in the caller's transaction, so an event exists exactly when the change it is about does
 * (the outbox pattern); the dispatcher picks them up after the commit. Suppression ('maintenance' before
 * 'muted') is decided here, in SQL, from the state inside the same transaction. Returns the ids of the
 * events recorded now (not those whose dedupe key was already there).
 */
export async function recordNotificationEvents(tx: Db, events: NewNotificationEvent[]): Promise<number[]> {
  return (await recordNotificationEventsOf(tx, [events]))[0] ?? [];
}

/**
 * `recordNotificationEvents` for several checks' events in one statement: the ids recorded now, by check.
 * An event whose dedupe key another of the events had already is not recorded again.
 */
export async function recordNotificationEventsOf(
  tx: Db,
  groups: NewNotificationEvent[][],
): Promise<number[][]> {
  const events = groups.flatMap((group, n) => group.map((e) => ({ ...e, n })));
  if (events.length === 0) return groups.map(() => []);
  const result = await tx.execute<{ id: number | string; dedupe_key: string }>(sql`
    insert into ${notificationEvents}
      (type, tag, dedupe_key, location_ids, bay_ids, api_id, alert_id, maintenance_id, incident_id, payload,
      suppressed)
    select e.type, e.tag, e.dedupe_key, e.location_ids, e.bay_ids, e.api_id, e.alert_id, e.maintenance_id,
      e.incident_id, e.payload,
      case when e.suppressible then ${suppressionOf(sql`e.bay_ids`)} end
    from jsonb_to_recordset(${JSON.stringify(
      events.map((e) => ({
        type: e.type,
        tag: e.tag,
        dedupe_key: e.dedupeKey,
        location_ids: e.locationIds,
        bay_ids: e.bayIds,
        api_id: e.apiId ?? null,
        alert_id: e.alertId ?? null,
        maintenance_id: e.maintenanceId ?? null,
        incident_id: e.incidentId ?? null,
        payload: e.payload,
        suppressible: e.suppressible,
      })),
    )}::jsonb) as e(type text, tag text, dedupe_key text, location_ids uuid[], bay_ids uuid[], api_id uuid,
      alert_id uuid, maintenance_id uuid, incident_id uuid, payload jsonb, suppressible boolean)
    on conflict (dedupe_key) do nothing
    returning id, dedupe_key`);
  // A dedupe key is recorded once: the group of its first event.
  const groupOf = new Map<string, number>();
  for (const e of events) if (!groupOf.has(e.dedupeKey)) groupOf.set(e.dedupeKey, e.n);
  const recorded = groups.map((): number[] => []);
  for (const row of result.rows) recorded[groupOf.get(row.dedupe_key) ?? 0]?.push(Number(row.id));
  return recorded;
}
