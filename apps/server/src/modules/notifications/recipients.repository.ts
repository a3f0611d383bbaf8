import { and, asc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  groupMembers,
  groups,
  locations,
  notificationRecipientLocations,
  notificationRecipients,
  users,
} from '../../db/schema';
import { byName, containsPattern, totalCount } from '../../lib/list-query';

type RecipientTable = typeof notificationRecipients;
export type RecipientRow = RecipientTable['$inferSelect'];
export type NewRecipient = Omit<RecipientTable['$inferInsert'], 'id' | 'createdAt' | 'updatedAt'>;

/** A recipient with who it is (the user's or group's name and address now) and its facilities. */
export type RecipientView = RecipientRow & {
  displayName: string;
  displayEmail: string | null;
  memberCount: number;
  locations: Array<{ id: string; name: string }>;
};

const r = notificationRecipients;
const displayName = sql<string>`coalesce(
  ${users.firstName} || ' ' || ${users.lastName}, ${groups.name}, ${r.name}, '')`;
const displayEmail = sql<string | null>`coalesce(${users.email}, ${r.email})`;
const memberCount = sql<number>`case when ${r.groupId} is null then 1 else
  (select count(*)::int from ${groupMembers} where ${groupMembers.groupId} = ${r.groupId}) end`;
const recipientLocations = sql<Array<{ id: string; name: string }>>`coalesce((
  select json_agg(json_build_object('id', l.id, 'name', l.name) order by l.name collate "norwegian")
  from ${notificationRecipientLocations} rl join ${locations} l on l.id = rl.location_id
  where rl.recipient_id = ${r.id} and l.deleted_at is null), '[]'::json)`;

function selectRecipients(db: Db, where: SQL | undefined) {
  return db
    .select({
      recipient: r,
      displayName,
      displayEmail,
      memberCount,
      locations: recipientLocations,
      total: totalCount(),
    })
    .from(r)
    .leftJoin(users, eq(users.id, r.userId))
    .leftJoin(groups, eq(groups.id, r.groupId))
    .where(where)
    .$dynamic();
}

type Selected = Awaited<ReturnType<typeof selectRecipients>>[number];
const toView = (row: Selected): RecipientView => ({
  ...row.recipient,
  displayName: row.displayName,
  displayEmail: row.displayEmail,
  memberCount: row.memberCount,
  locations: row.locations,
});

export async function findRecipient(db: Db, id: string): Promise<RecipientView | undefined> {
  const [row] = await selectRecipients(db, eq(r.id, id)).limit(1);
  return row ? toView(row) : undefined;
}

/** A page of recipients, searched in name and address, by name. */
export async function listRecipients(
  db: Db,
  query: { page: number; perPage: number; search?: string | undefined },
): Promise<{ rows: RecipientView[]; count: number }> {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  const rows = await selectRecipients(
    db,
    pattern ? or(ilike(displayName, pattern), ilike(sql`coalesce(${displayEmail}, '')`, pattern)) : undefined,
  )
    .orderBy(asc(byName(displayName)), asc(r.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  return { rows: rows.map(toView), count: rows[0]?.total ?? 0 };
}

export async function insertRecipient(db: Db, values: NewRecipient): Promise<string> {
  const [row] = await db.insert(r).values(values).returning({ id: r.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function updateRecipient(db: Db, id: string, patch: Partial<NewRecipient>): Promise<void> {
  await db
    .update(r)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(r.id, id));
}

/** Deletes the recipient and returns it; undefined when there was none. */
export async function deleteRecipient(db: Db, id: string): Promise<RecipientRow | undefined> {
  const [row] = await db.delete(r).where(eq(r.id, id)).returning();
  return row;
}

/** Replaces the recipient's facilities. */
export async function setRecipientLocations(
  db: Db,
  recipientId: string,
  locationIds: string[],
): Promise<void> {
  await db
    .delete(notificationRecipientLocations)
    .where(eq(notificationRecipientLocations.recipientId, recipientId));
  if (locationIds.length > 0) {
    await db
      .insert(notificationRecipientLocations)
      .values([...new Set(locationIds)].map((locationId) => ({ recipientId, locationId })))
      .onConflictDoNothing();
  }
}

export async function userExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  return row !== undefined;
}

/** The ids among `ids` that are live (not deleted) facilities. */
export async function liveLocationIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(inArray(locations.id, [...ids]), isNull(locations.deletedAt)));
  return new Set(rows.map((row) => row.id));
}
