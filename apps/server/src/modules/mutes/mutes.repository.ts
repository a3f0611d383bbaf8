import type { Mute } from '@vaskedrift/shared';
import { and, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bays, mutes, users } from '../../db/schema';

/** A bay's mute (`bayId`), or a whole facility's (`bayId` null). */
export type MuteScope = { locationId: string; bayId: string | null };

const sameScope = (scope: MuteScope): SQL =>
  and(
    eq(mutes.locationId, scope.locationId),
    scope.bayId === null ? isNull(mutes.bayId) : eq(mutes.bayId, scope.bayId),
  ) as SQL;
const running = gt(mutes.until, sql`now()`);

/** Ends the running mutes of exactly this scope now (`until = now()`); returns their ids. */
export async function endRunningMutes(tx: Db, scope: MuteScope): Promise<string[]> {
  const rows = await tx
    .update(mutes)
    .set({ until: sql`now()` })
    .where(and(sameScope(scope), running))
    .returning({ id: mutes.id });
  return rows.map((r) => r.id);
}

export async function insertMute(
  tx: Db,
  values: MuteScope & { hours: number; reason: string; createdBy: string },
): Promise<{ id: string; until: Date }> {
  const [row] = await tx
    .insert(mutes)
    .values({
      locationId: values.locationId,
      bayId: values.bayId,
      until: sql`now() + make_interval(hours => ${values.hours})`,
      reason: values.reason,
      createdBy: values.createdBy,
    })
    .returning({ id: mutes.id, until: mutes.until });
  if (!row) throw new Error('insert returned no row');
  return row;
}

/**
 * Running mutes, oldest first (deleted bays' left out): a facility's own and its bays' (`{locationId}`),
 * those that mute one bay (`{bayId}`: its own and its facility's), or one by id.
 */
export async function listRunningMutes(
  db: Db,
  of: { locationId: string } | { bayId: string; locationId: string } | { id: string },
): Promise<Mute[]> {
  const where =
    'id' in of
      ? eq(mutes.id, of.id)
      : 'bayId' in of
        ? and(
            eq(mutes.locationId, of.locationId),
            sql`(${mutes.bayId} is null or ${mutes.bayId} = ${of.bayId})`,
          )
        : eq(mutes.locationId, of.locationId);
  const rows = await db
    .select({
      id: mutes.id,
      locationId: mutes.locationId,
      bayId: mutes.bayId,
      until: mutes.until,
      reason: mutes.reason,
      createdAt: mutes.createdAt,
      userId: users.id,
      userName: sql<string | null>`nullif(concat_ws(' ', ${users.firstName}, ${users.lastName}), '')`,
    })
    .from(mutes)
    .leftJoin(bays, eq(bays.id, mutes.bayId))
    .leftJoin(users, eq(users.id, mutes.createdBy))
    .where(and(where, running, sql`${bays.deletedAt} is null`))
    .orderBy(mutes.createdAt, mutes.id);
  return rows.map((r) => ({
    id: r.id,
    locationId: r.locationId,
    bayId: r.bayId,
    until: r.until.toISOString(),
    reason: r.reason,
    createdBy: r.userId ? { id: r.userId, name: r.userName ?? '' } : null,
    createdAt: r.createdAt.toISOString(),
  }));
}
