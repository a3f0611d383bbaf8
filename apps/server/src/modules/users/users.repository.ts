import type { GroupRef, Role, UserSortColumn } from '@vaskedrift/shared';
import { and, asc, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { qualified } from '../../db/qualified';
import { groupMembers, type UserRow, users } from '../../db/schema';
import { isUniqueViolation } from '../../db/violations';
import { byName, containsPattern } from '../../lib/list-query';

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export type NewUser = {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  role: Role;
  phone?: string | null;
};

/** Inserts a user; `undefined` when the e-mail is already taken (case-insensitively). */
export async function insertUser(db: Db, user: NewUser): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(user).onConflictDoNothing().returning();
  return row;
}

export type UserPatch = Partial<
  Pick<
    UserRow,
    | 'firstName'
    | 'lastName'
    | 'email'
    | 'phone'
    | 'avatar'
    | 'passwordHash'
    | 'role'
    | 'disabledAt'
    | 'lastSignInAt'
  >
>;

/** Updates a user; `false` when a new e-mail is already taken by someone else. */
export async function updateUser(db: Db, id: string, patch: UserPatch): Promise<boolean> {
  try {
    await db
      .update(users)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(users.id, id));
    return true;
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_lower_key')) return false;
    throw err;
  }
}

export async function deleteUser(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}

/** Replaces the user's groups with `groupIds`. */
export async function setUserGroups(db: Db, userId: string, groupIds: readonly string[]): Promise<void> {
  await db.delete(groupMembers).where(eq(groupMembers.userId, userId));
  if (groupIds.length > 0) {
    await db
      .insert(groupMembers)
      .values([...new Set(groupIds)].map((groupId) => ({ groupId, userId })))
      .onConflictDoNothing();
  }
}

/** The user's groups as `[{id, name, color}]`, by name, computed in the same query as the user. */
const groupsOfUser = sql<GroupRef[]>`coalesce((
  select jsonb_agg(jsonb_build_object('id', g.id, 'name', g.name, 'color', g.config->>'color') order by g.name collate "norwegian")
    from group_members gm join groups g on g.id = gm.group_id
   where gm.user_id = ${qualified(users.id)}), '[]'::jsonb)`;

export type UserWithGroups = UserRow & { groups: GroupRef[] };

export async function findUserWithGroups(db: Db, id: string): Promise<UserWithGroups | undefined> {
  const [row] = await db
    .select({ user: users, groups: groupsOfUser })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ? { ...row.user, groups: row.groups } : undefined;
}

const ROLE_ORDER = sql`case ${users.role} when 'superadmin' then 4 when 'admin' then 3 when 'operator' then 2 else 1 end`;

const SORTABLE: Record<UserSortColumn, SQL> = {
  firstName: byName(users.firstName),
  lastName: byName(users.lastName),
  email: byName(users.email),
  role: ROLE_ORDER,
  createdAt: sql`${users.createdAt}`,
  lastSignInAt: sql`${users.lastSignInAt}`,
};

export type UserListQuery = {
  page: number;
  perPage: number;
  search?: string | undefined;
  sort?: { column: UserSortColumn; direction: 'asc' | 'desc' } | undefined;
  filters?:
    | { role?: Role | undefined; groupId?: string | undefined; disabled?: boolean | undefined }
    | undefined;
};

/** A page of users (search in first name, last name, full name and e-mail) and the total that match. */
export async function listUsers(
  db: Db,
  query: UserListQuery,
): Promise<{ rows: UserWithGroups[]; count: number }> {
  const { filters = {} } = query;
  const pattern = query.search ? containsPattern(query.search) : undefined;
  const where = and(
    pattern
      ? or(
          ilike(users.firstName, pattern),
          ilike(users.lastName, pattern),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
          ilike(users.email, pattern),
        )
      : undefined,
    filters.role ? eq(users.role, filters.role) : undefined,
    filters.groupId
      ? sql`exists (select 1 from ${groupMembers} where ${groupMembers.userId} = ${qualified(users.id)} and ${groupMembers.groupId} = ${filters.groupId})`
      : undefined,
    filters.disabled === true ? isNotNull(users.disabledAt) : undefined,
    filters.disabled === false ? isNull(users.disabledAt) : undefined,
  );
  const column = query.sort ? SORTABLE[query.sort.column] : byName(users.firstName);
  const direction = query.sort?.direction === 'desc' ? desc : asc;
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: users, groups: groupsOfUser })
      .from(users)
      .where(where)
      .orderBy(sql`${direction(column)} nulls last`, asc(byName(users.lastName)), asc(users.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.user, groups: r.groups })), count: total?.n ?? 0 };
}
