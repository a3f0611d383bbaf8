import { and, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apis, locations, userLocationAccess } from '../../db/schema';

/** Held while the demo is loaded: two instances starting on one empty database load it once. */
const DEMO_LOCK = 727_201;

export async function lockDemo(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_LOCK})`);
}

/** Whether any facility exists (deleted ones too: a database someone has used is not empty). */
export async function hasAnyLocation(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: locations.id }).from(locations).limit(1);
  return row !== undefined;
}

/** The demo's API connections (marked `details.demo`) with the simulated facility each one reads. */
export async function demoApis(db: Db): Promise<Array<{ id: string; simulatorLocationId: string }>> {
  const rows = await db
    .select({ id: apis.id, simulatorLocationId: sql<string>`${apis.details}->>'simulatorFacility'` })
    .from(apis)
    .where(and(sql`${apis.details}->>'demo' = 'true'`, isNull(apis.deletedAt)));
  return rows.filter((r) => r.simulatorLocationId);
}

/** Points a demo API at the simulator's new address and checks it at once. */
export async function pointDemoApi(
  db: Db,
  id: string,
  urls: { endpointUrl: string; authEndpointUrl: string | null },
): Promise<void> {
  await db
    .update(apis)
    .set({ ...urls, nextCheckAt: sql`now()` })
    .where(sql`${apis.id} = ${id}`);
}

export async function grantLocations(tx: Db, userId: string, locationIds: string[]): Promise<void> {
  if (locationIds.length === 0) return;
  await tx
    .insert(userLocationAccess)
    .values(locationIds.map((locationId) => ({ userId, locationId })))
    .onConflictDoNothing();
}
