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

type StatusChange = { bayId: string; status: DashboardBayTuple[2]; changedAt: number };

function statusChangeOf(event: RealtimeEvent): StatusChange | null {
  const bayId = text(event.payload, 'bayId');
  const status = event.payload.to;
  if (!bayId || !isBayStatus(status)) return null;
  return { bayId, status, changedAt: epochMs(event.payload.at) ?? epochMs(event.at) ?? Date.now() };
}

/**
 * The dashboard with many bays' new statuses written at once (one pass to find them, one new dashboard
 * object); the same object when none of them changes a tile. Each change is `withBayStatus`'s rule.
 */
export function withBayStatuses(dashboard: Dashboard, changes: Iterable<StatusChange>): Dashboard {
  const wanted = new Map<string, StatusChange>();
  for (const change of changes) wanted.set(change.bayId, change);
  if (wanted.size === 0) return dashboard;
  if (wanted.size === 1) {
    const [only] = wanted.values();
    return only ? withBayStatus(dashboard, only) : dashboard;
  }
  let locations: Dashboard['locations'] | null = null;
  let counts: Dashboard['counts'] | null = null;
  for (const [locationIndex, location] of dashboard.locations.entries()) {
    let bays: DashboardBayTuple[] | null = null;
    for (const [bayIndex, bay] of location.bays.entries()) {
      const change = wanted.get(bay[0]);
      if (!change) continue;
      const [id, name, previous, since, muted] = bay;
      if (previous === change.status || change.changedAt < since) continue;
      bays ??= location.bays.slice();
      bays[bayIndex] = [id, name, change.status, change.changedAt, muted];
      counts ??= { ...dashboard.counts };
      counts[previous] = Math.max(0, counts[previous] - 1);
      counts[change.status] += 1;
    }
    if (bays) {
      locations ??= dashboard.locations.slice();
      locations[locationIndex] = { ...location, bays };
    }
  }
  return locations && counts ? { ...dashboard, counts, locations } : dashboard;
}

function applyBayStatuses(queryClient: QueryClient, changes: StatusChange[]): void {
  if (changes.length === 0) return;
  queryClient.setQueryData<Dashboard>(DASHBOARD_KEY, (dashboard) =>
    dashboard ? withBayStatuses(dashboard, changes) : dashboard,
  );
  for (const { bayId } of changes)
    void queryClient.invalidateQueries({ queryKey: ['bays', 'detail', bayId] });
  void queryClient.invalidateQueries({ queryKey: ['bays', 'list'] });
}

const applyBayStatus: CacheAction = (queryClient, event) => {
  const change = statusChangeOf(event);
  if (change) applyBayStatuses(queryClient, [change]);
};

/**
 * A bay saved with only its status changed: its `bay.status_changed` (same commit, next `seq`) writes the
 * tile in place, so the dashboard and the facility lists are not fetched again for it.
 */
const bayUpdated: CacheAction = (queryClient, event) => {
  const fields = event.payload.fields;
  if (Array.isArray(fields) && fields.every((field) => field === 'status')) {
    const bayId = text(event.payload, 'bayId');
    if (bayId) void queryClient.invalidateQueries({ queryKey: ['bays', 'detail', bayId] });
    return;
  }
  facilityData(queryClient, event);
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
  'bay.updated': bayUpdated,
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
  // The attribute tables of the bay panel and page show each attribute's value and level.
  'bay_metric.level_changed': invalidate(['bay-metrics']),
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

/** Runs `callback` before the next frame; answers the cancel. */
export type FrameScheduler = (callback: () => void) => () => void;

const nextFrame: FrameScheduler = (callback) => {
  if (typeof requestAnimationFrame === 'function') {
    const id = requestAnimationFrame(callback);
    return () => cancelAnimationFrame(id);
  }
  const id = setTimeout(callback, 16);
  return () => clearTimeout(id);
};

/**
 * Applies live events as `applyRealtimeEvent` does, except that bay status changes wait for the next
 * frame and go into the dashboard together: at 100 changes a second one new dashboard (and one render of
 * the changed cards) per frame instead of one per event. Pending changes are kept per bay (the newest
 * wins, as on the tile), so a hidden tab, which gets no frames, holds at most one per bay. Any other event
 * applies the pending changes first, so the cache sees the events in order.
 */
/** Bay statuses are written into the dashboard in place; every other event marks queries stale. */
export const appliedInPlace = (event: RealtimeEvent): boolean => event.type === 'bay.status_changed';

export function createRealtimeApplier(queryClient: QueryClient, schedule: FrameScheduler = nextFrame) {
  const pending = new Map<string, StatusChange>();
  let cancel: (() => void) | null = null;

  function flush() {
    cancel?.();
    cancel = null;
    if (pending.size === 0) return;
    const changes = [...pending.values()];
    pending.clear();
    applyBayStatuses(queryClient, changes);
  }

  return {
    apply(event: RealtimeEvent) {
      if (!appliedInPlace(event)) {
        flush();
        applyRealtimeEvent(queryClient, event);
        return;
      }
      const change = statusChangeOf(event);
      if (!change) return;
      const queued = pending.get(change.bayId);
      if (!queued || queued.changedAt <= change.changedAt) pending.set(change.bayId, change);
      cancel ??= schedule(flush);
    },
    flush,
    /** Drops what is pending (the channel closed; the next start refetches or resumes). */
    stop() {
      cancel?.();
      cancel = null;
      pending.clear();
    },
  };
}

/** A gap too old to resume: everything cached may be out of date. */
export function refetchEverything(queryClient: QueryClient): void {
  void queryClient.invalidateQueries();
}
