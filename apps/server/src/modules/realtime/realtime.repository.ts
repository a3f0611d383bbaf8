import { ADMIN_ROLES, type RealtimeEvent, type RealtimeEventType, type Role } from '@vaskedrift/shared';
import { and, asc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authSessions, realtimeEvents, userLocationAccess, users } from '../../db/schema';
import { array } from '../../db/sql-values';

export type Audience = 'location' | 'admins' | 'user';

/** One journal row to write: who may see it is `audience` (with its facility or its user). */
export type JournalEntry = {
  type: RealtimeEventType;
  audience: Audience;
  locationId: string | null;
  userId: string | null;
  /** The payload as JSON text (`publicPayloadText`): written as it is, parsed once for the sockets. */
  payload: string;
};

type Row = typeof realtimeEvents.$inferSelect;

function toEvent(row: Pick<Row, 'seq' | 'type' | 'locationId' | 'payload' | 'at'>): RealtimeEvent {
  return {
    seq: row.seq,
    type: row.type as RealtimeEventType,
    locationId: row.locationId,
    at: row.at.toISOString(),
    payload: row.payload,
  };
}

/**
 * Writes the entries in one statement over arrays (a full check's first round journals about 120 events:
 * a multi-row `values()` built them as parameters one by one, issue 28). Rows are inserted in the order
 * given (`with ordinality`), so their `seq`s, sorted, are the entries' in order. The payloads go as one
 * JSON array (one text, not an array of texts escaped element by element) and are not sent back: each is
 * parsed once here from the text written.
 */
export async function insertJournal(db: Db, entries: JournalEntry[]): Promise<RealtimeEvent[]> {
  if (entries.length === 0) return [];
  const { rows } = await db.execute<{ seq: string | number; at: string | Date }>(sql`
    insert into ${realtimeEvents} (type, audience, location_id, user_id, payload)
    select e.type, e.audience, e.location_id, e.user_id, p.payload
    from unnest(${array(entries.map((e) => e.type))}::text[], ${array(entries.map((e) => e.audience))}::text[],
      ${array(entries.map((e) => e.locationId))}::uuid[], ${array(entries.map((e) => e.userId))}::uuid[])
      with ordinality as e(type, audience, location_id, user_id, n)
    join jsonb_array_elements(${`[${entries.map((e) => e.payload).join(',')}]`}::jsonb) with ordinality as p(payload, n)
      on p.n = e.n
    order by e.n
    returning seq, at`);
  const written = rows.map((r) => ({ seq: Number(r.seq), at: new Date(r.at) })).sort((a, b) => a.seq - b.seq);
  return written.map(({ seq, at }, i) => {
    const entry = entries[i] as JournalEntry;
    return toEvent({
      seq,
      type: entry.type,
      locationId: entry.locationId,
      payload: JSON.parse(entry.payload),
      at,
    });
  });
}

/** The role, state and granted facilities of a user, as the database holds them now; null once deleted. */
export async function audienceOf(
  db: Db,
  userId: string,
): Promise<{ role: Role; disabled: boolean; locationIds: string[] } | null> {
  const [user] = await db
    .select({ role: users.role, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) return null;
  const grants = await db
    .select({ locationId: userLocationAccess.locationId })
    .from(userLocationAccess)
    .where(eq(userLocationAccess.userId, userId));
  return {
    role: user.role,
    disabled: user.disabledAt !== null,
    locationIds: grants.map((g) => g.locationId),
  };
}

/** Of these sessions, those still alive and belonging to an enabled user: one query for every socket. */
export async function liveSessions(db: Db, sessionIds: string[]): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(and(inArray(authSessions.id, sessionIds), isNull(users.disabledAt)));
  return new Set(rows.map((r) => r.id));
}

export type JournalPage = { events: RealtimeEvent[] } | { refetch: true };

/**
 * The events after `since` that `userId` may see now (role and grants read in the same query), oldest
 * first; refetch when rows after `since` were pruned or more than `cap` are waiting.
 */
export async function journalAfter(db: Db, userId: string, since: number, cap: number): Promise<JournalPage> {
  const [bounds] = await db
    .select({
      oldest: sql<string | null>`min(${realtimeEvents.seq})`,
      newest: sql<string | null>`max(${realtimeEvents.seq})`,
    })
    .from(realtimeEvents);
  const oldest = bounds?.oldest == null ? null : Number(bounds.oldest);
  const newest = bounds?.newest == null ? null : Number(bounds.newest);
  if (newest === null || since >= newest) return { events: [] };
  if (oldest !== null && since < oldest - 1) return { refetch: true };
  const seesAll = sql`exists (select 1 from ${users} where ${users.id} = ${userId} and ${inArray(users.role, [...ADMIN_ROLES])})`;
  const granted = sql`${realtimeEvents.locationId} in (select ${userLocationAccess.locationId} from ${userLocationAccess} where ${userLocationAccess.userId} = ${userId})`;
  const rows = await db
    .select()
    .from(realtimeEvents)
    .where(
      and(
        gt(realtimeEvents.seq, since),
        sql`(${seesAll} or (${realtimeEvents.audience} = 'location' and ${granted}) or (${realtimeEvents.audience} = 'user' and ${realtimeEvents.userId} = ${userId}))`,
      ),
    )
    .orderBy(asc(realtimeEvents.seq))
    .limit(cap + 1);
  if (rows.length > cap) return { refetch: true };
  return { events: rows.map(toEvent) };
}

/** The highest `seq` in the journal (0 when it is empty). */
export async function newestSeq(db: Db): Promise<number> {
  const [row] = await db
    .select({ newest: sql<string | null>`max(${realtimeEvents.seq})` })
    .from(realtimeEvents);
  return row?.newest == null ? 0 : Number(row.newest);
}

/** Deletes rows older than `before`, always keeping the newest so the journal knows where it stands. */
export async function pruneJournal(db: Db, before: Date): Promise<number> {
  const deleted = await db
    .delete(realtimeEvents)
    .where(
      and(
        lt(realtimeEvents.at, before),
        sql`${realtimeEvents.seq} < (select max(${realtimeEvents.seq}) from ${realtimeEvents})`,
      ),
    )
    .returning({ seq: realtimeEvents.seq });
  return deleted.length;
}
