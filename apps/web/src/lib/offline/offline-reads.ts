import { API_BASE } from '@vaskedrift/shared';

/**
 * The reads the dashboard needs (the user's data, the dashboard, open alerts, running maintenance), kept in
 * this browser's Cache Storage per user so the app opened without a network shows the last dashboard
 * (docs/decisions/036-installable-app.md). Nothing else of the API is kept, and the service worker keeps
 * none of it.
 */
const KEPT_READS: readonly string[] = [
  'backend/users/get',
  'dashboard/get',
  'backend/alerts/get',
  'backend/bays/maintenance/running',
];

/** The read whose age the offline banner shows. */
export const DASHBOARD_READ = 'dashboard/get';

export const OFFLINE_CACHE = 'vaskedrift-offline-data';
export const SAVED_AT_HEADER = 'x-vaskedrift-saved-at';

/** A kept read's path (`dashboard/get`) from the URL the API client asks for, or null for any other call. */
export function keptReadPath(url: string, method: string | undefined): string | null {
  if ((method ?? 'GET').toUpperCase() !== 'POST') return null;
  const prefix = `${API_BASE}/`;
  const at = url.indexOf(prefix);
  if (at === -1) return null;
  const path = url.slice(at + prefix.length).split('?')[0] ?? '';
  return KEPT_READS.includes(path) ? path : null;
}

/**
 * The Cache Storage key of one read: the user, the path and the exact body, so another user's answer is never
 * shown and a differently filtered read is its own entry. Not a URL the server answers.
 */
export function offlineKey(origin: string, userId: string, path: string, body: string): string {
  return `${origin}/offline-data/${encodeURIComponent(userId)}/${path}?body=${encodeURIComponent(body)}`;
}
