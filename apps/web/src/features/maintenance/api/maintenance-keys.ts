import type { QueryClient } from '@tanstack/react-query';
import { invalidateLocationData } from '../../../lib/invalidate-location-data';

/** Every maintenance query starts with this key: a start, change or end refetches them all. */
export const MAINTENANCE_KEY = 'maintenance';

/** A bay (its running job, history, figures) or a whole facility (history, figures). */
export type MaintenanceScope = { bayId: string } | { locationId: string };

/**
 * After a start, change or end: the maintenance lists, and the dashboard and bays, whose status the job
 * just changed (the tile turns `maintenance` at once, and back at the end).
 */
export function invalidateMaintenance(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [MAINTENANCE_KEY] }),
    invalidateLocationData(queryClient),
  ]);
}
