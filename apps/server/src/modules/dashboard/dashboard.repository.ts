import type { DashboardBayTuple } from '@vaskedrift/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bays, locations, mutes } from '../../db/schema';
import { byName } from '../../lib/list-query';
import type { Viewer } from '../../plugins/authenticate';
import { visibleLocationsCondition } from '../access';

/**
 * Every facility shown on the dashboard with its bays as compact tuples, in one query: PostgreSQL builds
 * each facility's bay array, so 10,000 bays cost one round trip and no object per bay on the way in. Its
 * running mutes are one lateral join per facility (whole facility, and the muted bays' ids).
 */
export async function dashboardLocations(db: Db, viewer: Viewer, locationIds: string[] | undefined) {
  const muted = db
    .select({
      whole: sql<boolean | null>`bool_or(${mutes.bayId} is null)`.as('whole'),
      bayIds: sql<string[] | null>`array_agg(${mutes.bayId}) filter (where ${mutes.bayId} is not null)`.as(
        'bay_ids',
      ),
    })
    .from(mutes)
    .where(and(eq(mutes.locationId, locations.id), gt(mutes.until, sql`now()`)))
    .as('muted');
  const isMuted = sql`(coalesce(${muted.whole}, false) or coalesce(${bays.id} = any(${muted.bayIds}), false))`;
  const bayTuple = sql`json_build_array(${bays.id}, ${bays.name}, ${bays.status}, floor(extract(epoch from ${bays.statusChangedAt}) * 1000)::bigint, ${isMuted}, ${bays.monitored})`;
  return db
    .select({
      id: locations.id,
      name: locations.name,
      bays: sql<DashboardBayTuple[]>`coalesce(
        json_agg(${bayTuple} order by ${bays.sortOrder}, ${byName(bays.name)}, ${bays.id})
          filter (where ${bays.id} is not null),
        '[]'::json)`,
    })
    .from(locations)
    .leftJoin(bays, and(eq(bays.locationId, locations.id), isNull(bays.deletedAt)))
    .leftJoinLateral(muted, sql`true`)
    .where(
      and(
        visibleLocationsCondition(viewer),
        eq(locations.isVisibleInDashboard, true),
        locationIds ? sql`${locations.id} = any(${sql.param(locationIds)}::uuid[])` : undefined,
      ),
    )
    .groupBy(locations.id)
    .orderBy(byName(locations.name), locations.id);
}
