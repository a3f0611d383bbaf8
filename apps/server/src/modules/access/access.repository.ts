import type { GrantedLocation } from '@vaskedrift/shared';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { locations, userLocationAccess } from '../../db/schema';
import { byName } from '../../lib/list-query';

/** The live facilities granted to the user, by name; deleted facilities are left out. */
export async function listGrantedLocations(db: Db, userId: string): Promise<GrantedLocation[]> {
  const rows = await db
    .select({
      locationId: locations.id,
      name: locations.name,
      address: locations.address,
      postalCode: locations.postalCode,
      city: locations.city,
      grantedAt: userLocationAccess.createdAt,
      grantedBy: userLocationAccess.grantedBy,
    })
    .from(userLocationAccess)
    .innerJoin(locations, eq(locations.id, userLocationAccess.locationId))
    .where(and(eq(userLocationAccess.userId, userId), isNull(locations.deletedAt)))
    .orderBy(asc(byName(locations.name)), asc(locations.id));
  return rows.map((r) => ({ ...r, grantedAt: r.grantedAt.toISOString() }));
}

export async function liveLocationExists(db: Db, locationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.id, locationId), isNull(locations.deletedAt)))
    .limit(1);
  return row !== undefined;
}

export type GrantRow = typeof userLocationAccess.$inferSelect;

/** Grants access; a grant that already exists is answered as it is (`created: false`). */
export async function insertGrant(
  db: Db,
  input: { userId: string; locationId: string; grantedBy: string },
): Promise<{ grant: GrantRow; created: boolean }> {
  const [inserted] = await db.insert(userLocationAccess).values(input).onConflictDoNothing().returning();
  if (inserted) return { grant: inserted, created: true };
  const [existing] = await db
    .select()
    .from(userLocationAccess)
    .where(
      and(eq(userLocationAccess.userId, input.userId), eq(userLocationAccess.locationId, input.locationId)),
    );
  if (!existing) throw new Error('grant vanished');
  return { grant: existing, created: false };
}

export async function deleteGrant(db: Db, userId: string, locationId: string): Promise<boolean> {
  const rows = await db
    .delete(userLocationAccess)
    .where(and(eq(userLocationAccess.userId, userId), eq(userLocationAccess.locationId, locationId)))
    .returning({ userId: userLocationAccess.userId });
  return rows.length > 0;
}
