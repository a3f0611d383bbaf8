// Without zod, so the sign-in page and the app's first file can import them without loading every schema.
export const API_BASE = '/api/v1';
export const AUTH_BASE = '/auth/v1';

/** A list's page size unless the user chose one (`itemsPerPage`), and the most one page may hold. */
export const DEFAULT_ITEMS_PER_PAGE = 5;
export const MAX_ITEMS_PER_PAGE = 100;

/** The dashboard with a bay's panel open: every role that may see the bay may open it. */
const dashboardBayPath = (bayId: string) => `/?bay=${encodeURIComponent(bayId)}`;
/** A bay's own page (its attributes, settings): admins and above only. */
const bayPagePath = (locationId: string, bayId: string) =>
  `/locations/${encodeURIComponent(locationId)}/bays/${encodeURIComponent(bayId)}`;

/**
 * Where a link about a bay leads its reader (docs/domain.md, Notifications): admins the bay's page,
 * everyone else — operators, viewers, a custom address or a webhook's reader (`null`) — the dashboard
 * with the bay's panel open, which any role that sees the bay may open.
 */
export function bayLinkFor(
  role: 'superadmin' | 'admin' | 'operator' | 'user' | null,
  ids: { locationId: string; bayId: string },
): string {
  return role === 'superadmin' || role === 'admin'
    ? bayPagePath(ids.locationId, ids.bayId)
    : dashboardBayPath(ids.bayId);
}
