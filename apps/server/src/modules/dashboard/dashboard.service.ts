import { type DashboardWire, emptyStatusCounts, encodeDashboard } from '@vaskedrift/shared';
import type { Db } from '../../db/client';
import type { Viewer } from '../../plugins/authenticate';
import { dashboardLocations } from './dashboard.repository';

/**
 * Status counts are over the bays shown, so the numbers always match the tiles below them; bays not
 * monitored are counted in their status and once more in `unmonitored` (docs/domain.md, Statistics). `seq` is the
 * live channel's position taken before the read (docs/decisions/020-realtime.md). Answered in columns
 * (`encodeDashboard`, docs/decisions/021-compression.md).
 */
export async function getDashboard(
  db: Db,
  viewer: Viewer,
  seq: number,
  locationIds?: string[],
): Promise<DashboardWire> {
  const rows = await dashboardLocations(db, viewer, locationIds);
  const counts = { ...emptyStatusCounts(), total: 0, unmonitored: 0 };
  for (const location of rows) {
    for (const bay of location.bays) {
      counts[bay[2]] += 1;
      if (!bay[5]) counts.unmonitored += 1;
    }
    counts.total += location.bays.length;
  }
  return encodeDashboard({ counts, locations: rows, seq });
}
