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
 * A bay's new status since `changedAt`; `monitored` when the event says whether it is monitored now (a change
 * of monitoring alone comes with the same status, docs/domain.md, Statistics).
 */
type StatusChange = {
  bayId: string;
  status: DashboardBayTuple[2];
  changedAt: number;
  monitored?: boolean;
};

/** The tile after `change`; null when it changes nothing there or came late. */
function changedTile(bay: DashboardBayTuple, change: StatusChange): DashboardBayTuple | null {
  const [id, name, previous, since, muted, wasMonitored] = bay;
  const monitored = change.monitored ?? wasMonitored;
  // A change that reached us late (another instance's event) never undoes a newer one.
  if ((previous === change.status && monitored === wasMonitored) || change.changedAt < since) return null;
  // Only a new status moves the time it began.
  const changedAt = previous === change.status ? since : change.changedAt;
  return [id, name, change.status, changedAt, muted, monitored];
}

/** Moves the counts from one tile to its next. */
function moveCounts(counts: Dashboard['counts'], before: DashboardBayTuple, after: DashboardBayTuple): void {
  counts[before[2]] = Math.max(0, counts[before[2]] - 1);
  counts[after[2]] += 1;
  if (before[5] !== after[5]) counts.unmonitored = Math.max(0, counts.unmonitored + (after[5] ? -1 : 1));
  if (!before[5] || !after[5]) {
    const byStatus = { ...counts.unmonitoredByStatus };
    if (!before[5]) byStatus[before[2]] = Math.max(0, byStatus[before[2]] - 1);
    if (!after[5]) byStatus[after[2]] += 1;
    counts.unmonitoredByStatus = byStatus;
  }
}

/**
 * The dashboard with bay `bayId` in status `status` since `changedAt` (and monitored or not), and the counts
 * moved with it; the same object when the bay is not on it or already shows that. Only the changed facility
 * and its bay list are new objects, so every other facility card (memoised) is not rendered again.
 */
export function withBayStatus(dashboard: Dashboard, change: StatusChange): Dashboard {
  for (const [locationIndex, location] of dashboard.locations.entries()) {
    const bayIndex = location.bays.findIndex(([id]) => id === change.bayId);
    if (bayIndex === -1) continue;
    const before = location.bays[bayIndex] as DashboardBayTuple;
    const after = changedTile(before, change);
    if (!after) return dashboard;
    const bays = location.bays.slice();
    bays[bayIndex] = after;
    const locations = dashboard.locations.slice();
    locations[locationIndex] = { ...location, bays };
    const counts = { ...dashboard.counts };
    moveCounts(counts, before, after);
    return { ...dashboard, counts, locations };
  }
  return dashboard;
}

function statusChangeOf(event: RealtimeEvent): StatusChange | null {
  const bayId = text(event.payload, 'bayId');
  const status = event.payload.to;
  if (!bayId || !isBayStatus(status)) return null;
  const monitored = event.payload.monitored;
  return {
    bayId,
    status,
    changedAt: epochMs(event.payload.at) ?? epochMs(event.at) ?? Date.now(),
    ...(typeof monitored === 'boolean' ? { monitored } : {}),
  };
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
      const after = change && changedTile(bay, change);
      if (!after) continue;
      bays ??= location.bays.slice();
      bays[bayIndex] = after;
      counts ??= { ...dashboard.counts };
      moveCounts(counts, bay, after);
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
  locationData(queryClient, event);
};

/** Facility data shows in facility, bay, link and camera lists and on the dashboard. */
const locationData = invalidate(['locations'], ['bays'], ['links'], ['cameras'], DASHBOARD_KEY);
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
  'bay.created': locationData,
  'bay.updated': bayUpdated,
  'bay.deleted': locationData,
  'location.created': locationData,
  'location.updated': locationData,
  'location.deleted': locationData,
  'link.created': invalidate(['links']),
  'link.updated': invalidate(['links']),
  'link.deleted': invalidate(['links']),
  'link.reordered': invalidate(['links']),
  'camera.created': invalidate(['cameras']),
  'camera.updated': invalidate(['cameras']),
  'camera.deleted': invalidate(['cameras']),
  // The attribute tables of the bay panel and page show each attribute's value and level.
  'bay_metric.level_changed': invalidate(['bay-metrics']),
  'bay_metric.prediction_changed': invalidate(['bay-metrics']),
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
  // Planned maintenance shows on the bay panel, the bay and facility pages and the dashboard's card.
  'maintenance_plan.created': maintenance,
  'maintenance_plan.updated': maintenance,
  'maintenance_plan.deleted': maintenance,
  'maintenance_plan.skipped': maintenance,
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
