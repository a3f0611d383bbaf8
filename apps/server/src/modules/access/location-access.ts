import { seesAllLocations } from '@vaskedrift/shared';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { locations, userLocationAccess } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';
import type { Viewer } from '../../plugins/authenticate';

/**
 * The SQL condition on `locations.id` limiting a query to the facilities the caller may see:
 * none for admins and above, the granted ones for everybody else. Deleted facilities are never seen.
 */
export function visibleLocationsCondition(principal: Viewer): SQL {
  const live = isNull(locations.deletedAt);
  if (seesAllLocations(principal.role)) return live;
  const granted = sql`${locations.id} in (select ${userLocationAccess.locationId} from ${userLocationAccess} where ${userLocationAccess.userId} = ${principal.userId})`;
  return and(live, granted) as SQL;
}

/**
 * Throws 404 unless the facility exists, is not deleted and is visible to the caller: a facility one may
 * not see answers exactly as one that does not exist, so ids cannot be probed.
 */
export async function assertLocationVisible(db: Db, principal: Viewer, locationId: string): Promise<void> {
  const [row] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.id, locationId), visibleLocationsCondition(principal)))
    .limit(1);
  if (!row) throw new NotFoundError('Fant ikke anlegget');
}
