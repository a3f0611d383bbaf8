import { countDashboardBays, type DashboardWire, encodeDashboard } from '@vaskedrift/shared';
import type { Db } from '../../db/client';
import type { Viewer } from '../../plugins/authenticate';
import { dashboardLocations } from './dashboard.repository';

/**
 * Status counts are over the bays shown, so the numbers always match the tiles below them; bays not
 * monitored are counted in their status and once more in `unmonitored` and `unmonitoredByStatus`
 * (docs/domain.md, Statistics). `seq` is the
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
  return encodeDashboard({ counts: countDashboardBays(rows), locations: rows, seq });
}
