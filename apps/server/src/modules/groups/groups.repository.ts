import type { GroupMember } from '@vaskedrift/shared';
import { and, asc, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { qualified } from '../../db/qualified';
import { type GroupRow, groupMembers, groups, users } from '../../db/schema';
import { byName, containsPattern } from '../../lib/list-query';

export type GroupWithCount = GroupRow & { memberCount: number };

const memberCount = sql<number>`(select count(*)::int from ${groupMembers} where ${groupMembers.groupId} = ${qualified(groups.id)})`;

export async function findGroup(db: Db, id: string): Promise<GroupWithCount | undefined> {
  const [row] = await db
    .select({ group: groups, memberCount })
    .from(groups)
    .where(eq(groups.id, id))
    .limit(1);
  return row ? { ...row.group, memberCount: row.memberCount } : undefined;
}

/** Locks the group row for the rest of the transaction, so membership cannot change under a delete. */
export async function lockGroup(db: Db, id: string): Promise<GroupRow | undefined> {
  const [row] = await db.select().from(groups).where(eq(groups.id, id)).for('update').limit(1);
  return row;
}

export async function groupNameTaken(db: Db, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(sql`lower(${groups.name}) = lower(${name})`, exceptId ? ne(groups.id, exceptId) : undefined))
    .limit(1);
  return row !== undefined;
}

/** The ids among `ids` that are groups. */
export async function existingGroupIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(inArray(groups.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}

export async function insertGroup(
  db: Db,
  input: { name: string; description: string; config: { color: string } },
): Promise<GroupRow> {
  const [row] = await db.insert(groups).values(input).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateGroup(
  db: Db,
  id: string,
  patch: Partial<Pick<GroupRow, 'name' | 'description' | 'config'>>,
): Promise<void> {
  await db
    .update(groups)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(groups.id, id));
}

export async function deleteGroup(db: Db, id: string): Promise<void> {
  await db.delete(groups).where(eq(groups.id, id));
}

/** Replaces the group's members with `userIds`. */
export async function setGroupMembers(db: Db, groupId: string, userIds: readonly string[]): Promise<void> {
  await db.delete(groupMembers).where(eq(groupMembers.groupId, groupId));
  if (userIds.length > 0) {
    await db
      .insert(groupMembers)
      .values([...new Set(userIds)].map((userId) => ({ groupId, userId })))
      .onConflictDoNothing();
  }
}

export async function countMembers(db: Db, groupId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, groupId));
  return row?.n ?? 0;
}

export async function listMembers(db: Db, groupId: string): Promise<GroupMember[]> {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
      avatar: users.avatar,
    })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(eq(groupMembers.groupId, groupId))
    .orderBy(asc(byName(users.firstName)), asc(byName(users.lastName)), asc(users.id));
}

/** The ids among `ids` that are users. */
export async function existingUserIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}

const SORTABLE: Record<'name' | 'description' | 'memberCount' | 'createdAt', SQL> = {
  name: byName(groups.name),
  description: byName(groups.description),
  memberCount,
  createdAt: sql`${groups.createdAt}`,
};

export type GroupListQuery = {
  page: number;
  perPage: number;
  search?: string | undefined;
  sort?: { column: keyof typeof SORTABLE; direction: 'asc' | 'desc' } | undefined;
  filters?: { memberId?: string | undefined } | undefined;
};

/** A page of groups (search in name and description) with member counts, and the total that match. */
export async function listGroups(
  db: Db,
  query: GroupListQuery,
): Promise<{ rows: GroupWithCount[]; count: number }> {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  const memberId = query.filters?.memberId;
  const where = and(
    pattern ? or(ilike(groups.name, pattern), ilike(groups.description, pattern)) : undefined,
    memberId
      ? sql`exists (select 1 from ${groupMembers} where ${groupMembers.groupId} = ${qualified(groups.id)} and ${groupMembers.userId} = ${memberId})`
      : undefined,
  );
  const column = query.sort ? SORTABLE[query.sort.column] : byName(groups.name);
  const direction = query.sort?.direction === 'desc' ? desc : asc;
  const [rows, [total]] = await Promise.all([
    db
      .select({ group: groups, memberCount })
      .from(groups)
      .where(where)
      .orderBy(direction(column), asc(groups.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ n: sql<number>`count(*)::int` }).from(groups).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.group, memberCount: r.memberCount })), count: total?.n ?? 0 };
}
