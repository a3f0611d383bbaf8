import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

/** Who a tracked tab belongs to; undefined for a user deleted or disabled meanwhile. */
export async function presencePerson(db: Db, userId: string) {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      avatar: users.avatar,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.disabledAt)))
    .limit(1);
  return row;
}

/**
 * Writes many users' last seen in one statement; a time older than the one kept (another instance wrote a
 * newer one) leaves it as it is. pg sends each JS array as one array parameter.
 */
export async function writeLastSeen(db: Db, seen: ReadonlyMap<string, Date>): Promise<void> {
  if (seen.size === 0) return;
  await db.execute(sql`
    update ${users} set last_seen_at = greatest(${users.lastSeenAt}, s.at)
    from unnest(${sql.param([...seen.keys()])}::uuid[], ${sql.param([...seen.values()])}::timestamptz[]) as s(id, at)
    where ${users.id} = s.id
  `);
}
