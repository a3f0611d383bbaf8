import type { Role } from '@vaskedrift/shared';
import { and, asc, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notificationEvents, type OutboxAttachment, outbox } from '../../db/schema';
import type { NotificationEventRow } from './events';

/**
 * When the group wait of the oldest incident opening still held ends (`holdMs` after it was recorded), or
 * null when none is held: every other undispatched event is either claimed at once or held behind one.
 */
export async function nextHeldOpeningDueAt(db: Db, holdMs: number): Promise<Date | null> {
  const [row] = await db
    .select({
      at: sql<Date | null>`min(${notificationEvents.createdAt}) + make_interval(secs => ${holdMs / 1000})`.mapWith(
        notificationEvents.createdAt,
      ),
    })
    .from(notificationEvents)
    .where(and(isNull(notificationEvents.dispatchedAt), sql`${notificationEvents.type} = 'incident.opened'`));
  return row?.at ?? null;
}

/**
 * Claims the oldest undispatched events; another dispatcher skips them until this transaction ends. The
 * events of an incident whose opening was recorded after `holdOpenedAfter` wait (the group wait, decision
 * 033): causes arriving meanwhile join the one opening message, and nothing of the incident overtakes it.
 * The held incidents are read once (an index of undispatched openings, migration 0041), as one hashed set
 * each event is looked up in while the undispatched events are read in order, up to `limit`: as a `not
 * exists` beside each event, PostgreSQL probed for every waiting event (6.6–9.6 ms executed with 1,000
 * incidents held, 1.4–1.7 ms so; `bench/dispatcher-claim.ts`, issue 28).
 */
export function claimUndispatchedEvents(
  tx: Db,
  limit: number,
  holdOpenedAfter: Date,
): Promise<NotificationEventRow[]> {
  return tx
    .select()
    .from(notificationEvents)
    .where(
      and(
        isNull(notificationEvents.dispatchedAt),
        sql`(${notificationEvents.incidentId} is null or ${notificationEvents.incidentId} not in (
          select opening.incident_id from notification_events opening
          where opening.type = 'incident.opened' and opening.dispatched_at is null
            and opening.created_at > ${holdOpenedAfter} and opening.incident_id is not null
        ))`,
      ),
    )
    .orderBy(asc(notificationEvents.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * One way an address is told of an event, with the event's facilities that way may tell it about. `userId`
 * is the user behind the address (null for a custom address); `desktop` whether that user turned desktop
 * notifications on.
 */
export type NotificationTarget = {
  eventId: number;
  email: string;
  userId: string | null;
  /** The user's role (where links lead, docs/domain.md, Notifications); null for a custom address. */
  role: Role | null;
  desktop: boolean;
  locationIds: string[];
};

/**
 * Merges the ways one address (or user) is reached for one event: one entry per key, with the union of the
 * facilities those ways may tell it about.
 */
export function mergeTargets<T extends NotificationTarget>(
  targets: T[],
  keyOf: (target: T) => string | null,
): Array<{ target: T; locationIds: Set<string> }> {
  const merged = new Map<string, { target: T; locationIds: Set<string> }>();
  for (const target of targets) {
    const key = keyOf(target);
    if (key === null) continue;
    const seen = merged.get(key) ?? { target, locationIds: new Set<string>() };
    for (const id of target.locationIds) seen.locationIds.add(id);
    merged.set(key, seen);
  }
  return [...merged.values()];
}

/**
 * Who gets each event now (docs/domain.md, Notifications), one row per way an address is reached
 * (a recipient, a group member, the job's assignee, an admin for `system`); the caller merges rows per
 * address for e-mail, per user for the desktop. Recipients match by tag; maintenance `start`/`end` only when
 * the job notifies users; the assignee always hears of start, reminders and overdue. Users must be enabled
 * and see at least one of the event's facilities (admins all, others their granted ones) within the
 * recipient's scope; custom addresses by scope only. A recipient with its own reminder interval gets no
 * reminder of a job within that interval of its last one (rows written at `now`); a row written after
 * `now` (the clock went back since) holds nothing back, so a clock put back cannot silence them.
 */
export async function resolveTargets(tx: Db, eventIds: number[], now: Date): Promise<NotificationTarget[]> {
  if (eventIds.length === 0) return [];
  const at = now.toISOString();
  const result = await tx.execute<{
    event_id: string;
    email: string;
    user_id: string | null;
    role: Role | null;
    desktop: boolean;
    location_ids: string[];
  }>(sql`
    with ev as (
      select e.id, e.type, e.tag, e.location_ids, e.maintenance_id,
        coalesce(j.notify_users, false) as notify_users, j.assignee_id, j.custom_assignee
      from notification_events e left join maintenance_jobs j on j.id = e.maintenance_id
      where e.id = any(${`{${eventIds.join(',')}}`}::bigint[])
    ),
    reached as (
      select ev.id as event_id, r.reminder_hours * 60 + r.reminder_minutes as every_minutes,
        coalesce(r.user_id, gm.user_id) as user_id, r.email as custom_email,
        case when r.all_locations then ev.location_ids else array(
          select l from unnest(ev.location_ids) as l
          where exists (
            select 1 from notification_recipient_locations rl where rl.recipient_id = r.id and rl.location_id = l
          )
        ) end as scope
      from ev
      join notification_recipients r on ev.tag = any(r.tags)
      left join group_members gm on gm.group_id = r.group_id
      where ev.tag <> 'system'
        and ev.type <> 'maintenance.assigned'
        and (ev.type not in ('maintenance.started', 'maintenance.ended') or ev.notify_users)
      union all
      select ev.id, 0, ev.assignee_id, ev.custom_assignee ->> 'email', ev.location_ids
      from ev
      where ev.type in ('maintenance.started', 'maintenance.assigned', 'maintenance.reminder', 'maintenance.overdue')
      union all
      select ev.id, 0, u.id, null, ev.location_ids
      from ev join users u on u.role in ('admin', 'superadmin')
      where ev.tag = 'system'
    ),
    targets as (
      select reached.event_id, reached.every_minutes, coalesce(u.email, reached.custom_email) as email,
        u.id as user_id, u.role, coalesce(s.desktop_notifications, false) as desktop,
        case when u.id is null or u.role in ('admin', 'superadmin') then reached.scope else array(
          select l from unnest(reached.scope) as l
          where exists (select 1 from user_location_access a where a.user_id = u.id and a.location_id = l)
        ) end as location_ids
      from reached left join users u on u.id = reached.user_id
        left join user_settings s on s.user_id = u.id
      where reached.user_id is null or u.disabled_at is null
    )
    select t.event_id, t.email, t.user_id, t.role, t.desktop, t.location_ids
    from targets t join ev on ev.id = t.event_id
    where t.email is not null
      and (ev.tag = 'system' or cardinality(t.location_ids) > 0)
      and not (ev.type = 'maintenance.reminder' and t.every_minutes > 0 and exists (
        select 1 from outbox o join notification_events p on p.id = o.event_id
        where o.channel = 'email' and o.recipient_key = lower(t.email) and p.type = 'maintenance.reminder'
          and p.maintenance_id = ev.maintenance_id and p.id <> ev.id
          and o.created_at > ${at}::timestamptz - make_interval(mins => t.every_minutes)
          and o.created_at <= ${at}::timestamptz
      ))`);
  return result.rows.map((row) => ({
    eventId: Number(row.event_id),
    email: row.email,
    userId: row.user_id,
    role: row.role,
    desktop: row.desktop,
    locationIds: row.location_ids,
  }));
}

export type NewEventEmail = {
  eventId: number;
  recipientKey: string;
  to: string;
  subject: string;
  text: string;
  kind: string;
  /** Files the e-mail carries (a report's CSV). */
  attachments?: OutboxAttachment[];
};

/**
 * One e-mail row per (event, address); a row already there (a second dispatcher) is left alone. One
 * statement over arrays (`unnest`): a group of 1,000 is a few parameters, not a 7,000-parameter VALUES list
 * that costs the query builder more CPU than the rendering (bench/web-push.ts).
 */
export async function insertEventEmails(
  tx: Db,
  rows: NewEventEmail[],
  status: 'pending' | 'kept',
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  const column = <T>(pick: (row: NewEventEmail) => T) => sql.param(rows.map(pick));
  await tx.execute(sql`
    insert into ${outbox} (channel, status, created_at, event_id, recipient_key, "to", subject, text, kind, attachments)
    select 'email', ${status}, ${now.toISOString()}::timestamptz, * from unnest(
      ${column((row) => row.eventId)}::bigint[], ${column((row) => row.recipientKey)}::text[],
      ${column((row) => row.to)}::text[], ${column((row) => row.subject)}::text[],
      ${column((row) => row.text)}::text[], ${column((row) => row.kind)}::text[],
      ${column((row) => (row.attachments ? JSON.stringify(row.attachments) : null))}::jsonb[])
    on conflict do nothing`);
}

export async function markEventsDispatched(tx: Db, ids: number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(notificationEvents).set({ dispatchedAt: now }).where(inArray(notificationEvents.id, ids));
}

/**
 * Deletes up to `limit` dispatched events written more than `olderThanDays` ago, oldest first; events not
 * yet dispatched stay whatever their age. Outbox rows made from them keep their text (`event_id` set null).
 */
export async function deleteDispatchedEvents(db: Db, olderThanDays: number, limit: number): Promise<number> {
  const oldest = db
    .select({ id: notificationEvents.id })
    .from(notificationEvents)
    .where(
      and(
        isNotNull(notificationEvents.dispatchedAt),
        lt(notificationEvents.createdAt, sql`now() - make_interval(days => ${olderThanDays})`),
      ),
    )
    .orderBy(asc(notificationEvents.id))
    .limit(limit);
  const deleted = await db
    .delete(notificationEvents)
    .where(inArray(notificationEvents.id, oldest))
    .returning({ id: notificationEvents.id });
  return deleted.length;
}
