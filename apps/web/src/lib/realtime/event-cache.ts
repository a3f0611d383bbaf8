import type { QueryClient, QueryKey } from '@tanstack/react-query';
import {
  type Dashboard,
  type DashboardBayTuple,
  isBayStatus,
  type RealtimeEvent,
  type RealtimeEventType,
} from '@vaskedrift/shared';

/**
 * What each live event does to the TanStack Query cache (docs/decisions/020-realtime.md). A bay's new status
 * is written into the dashboard in place (10,000 tiles must not be fetched again for one change); every
 * other event marks the queries that show it stale, so only the lists on screen refetch. The keys are the
 * roots the features use (`['dashboard']`, `['alerts', …]`, `['bays', 'detail', id]`…).
 */
export type CacheAction = (queryClient: QueryClient, event: RealtimeEvent) => void;

const DASHBOARD_KEY = ['dashboard'] as const;

function invalidate(...keys: QueryKey[]): CacheAction {
  return (queryClient) => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
}

function text(payload: Record<string, unknown>, field: string): string | null {
  const value = payload[field];
  return typeof value === 'string' ? value : null;
}

function epochMs(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value !== 'string') return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * The dashboard with bay `bayId` in status `status` since `changedAt`, and the counts moved with it; the same
 * object when the bay is not on it or already shows that status. Only the changed facility and its bay
 * list are new objects, so every other facility card (memoised) is not rendered again.
 */
export function withBayStatus(
  dashboard: Dashboard,
  { bayId, status, changedAt }: { bayId: string; status: DashboardBayTuple[2]; changedAt: number },
): Dashboard {
  for (const [locationIndex, location] of dashboard.locations.entries()) {
    const bayIndex = location.bays.findIndex(([id]) => id === bayId);
    if (bayIndex === -1) continue;
    const [id, name, previous, since, muted] = location.bays[bayIndex] as DashboardBayTuple;
    // A change that reached us late (another instance's event) never undoes a newer one.
    if (previous === status || changedAt < since) return dashboard;
    const bays = location.bays.slice();
    bays[bayIndex] = [id, name, status, changedAt, muted];
    const locations = dashboard.locations.slice();
    locations[locationIndex] = { ...location, bays };
    const counts = { ...dashboard.counts };
    counts[previous] = Math.max(0, counts[previous] - 1);
    counts[status] += 1;
    return { ...dashboard, counts, locations };
  }
  return dashboard;
}

const applyBayStatus: CacheAction = (queryClient, event) => {
  const bayId = text(event.payload, 'bayId');
  const status = event.payload.to;
  if (!bayId || !isBayStatus(status)) return;
  const changedAt = epochMs(event.payload.at) ?? epochMs(event.at) ?? Date.now();
  queryClient.setQueryData<Dashboard>(DASHBOARD_KEY, (dashboard) =>
    dashboard ? withBayStatus(dashboard, { bayId, status, changedAt }) : dashboard,
  );
  void queryClient.invalidateQueries({ queryKey: ['bays', 'detail', bayId] });
  void queryClient.invalidateQueries({ queryKey: ['bays', 'list'] });
};

/** Facility data shows in facility, bay, link and camera lists and on the dashboard. */
const facilityData = invalidate(['locations'], ['bays'], ['links'], ['cameras'], DASHBOARD_KEY);
/** Open alerts are on the dashboard, the facility's alert page and the bay panel (all `['alerts', …]`). */
const alerts = invalidate(['alerts']);
const maintenance = invalidate(['maintenance'], DASHBOARD_KEY);
const mutes = invalidate(['mutes'], DASHBOARD_KEY);
const apis = invalidate(['apis'], ['api-metrics'], ['bay-metrics']);
const people = invalidate(['users'], ['groups'], ['access']);
const access = invalidate(['access'], ['users'], ['locations'], ['bays'], ['alerts'], DASHBOARD_KEY);

/** One entry per event type: adding an event to the contract fails `tsc` until it has an action here. */
export const REALTIME_CACHE_ACTIONS = {
  'bay.status_changed': applyBayStatus,
  'bay.created': facilityData,
  'bay.updated': facilityData,
  'bay.deleted': facilityData,
  'location.created': facilityData,
  'location.updated': facilityData,
  'location.deleted': facilityData,
  'link.created': invalidate(['links']),
  'link.updated': invalidate(['links']),
  'link.deleted': invalidate(['links']),
  'link.reordered': invalidate(['links']),
  'camera.created': invalidate(['cameras']),
  'camera.updated': invalidate(['cameras']),
  'camera.deleted': invalidate(['cameras']),
  'alert.opened': alerts,
  'alert.escalated': alerts,
  'alert.deescalated': alerts,
  'alert.resolved': alerts,
  'alert.info': alerts,
  'alert.acknowledged': alerts,
  'maintenance.started': maintenance,
  'maintenance.changed': maintenance,
  'maintenance.ended': maintenance,
  'maintenance.overdue': maintenance,
  'mute.created': mutes,
  'mute.ended': mutes,
  'api.check_failed': apis,
  'api.recovered': apis,
  'api.status_changed': apis,
  'users.created': people,
  'users.updated': people,
  'users.deleted': people,
  'groups.created': people,
  'groups.updated': people,
  'groups.deleted': people,
  'access.granted': access,
  'access.revoked': access,
} satisfies Record<RealtimeEventType, CacheAction>;

export function applyRealtimeEvent(queryClient: QueryClient, event: RealtimeEvent): void {
  REALTIME_CACHE_ACTIONS[event.type](queryClient, event);
}

/** A gap too old to resume: everything cached may be out of date. */
export function refetchEverything(queryClient: QueryClient): void {
  void queryClient.invalidateQueries();
}
