import { QueryClient } from '@tanstack/react-query';
import { type Dashboard, REALTIME_EVENT_TYPES, type RealtimeEvent } from '@vaskedrift/shared';
import { describe, expect, it, vi } from 'vitest';
import {
  applyRealtimeEvent,
  createRealtimeApplier,
  REALTIME_CACHE_ACTIONS,
  withBayStatus,
  withBayStatuses,
} from './event-cache';

const CHANGED_AT = Date.parse('2026-11-24T10:00:00.000Z');

function dashboard(): Dashboard {
  return {
    counts: {
      operational: 2,
      warning: 0,
      error: 0,
      inactive: 1,
      maintenance: 0,
      total: 3,
      unmonitored: 1,
      unmonitoredByStatus: { operational: 1, warning: 0, error: 0, inactive: 0, maintenance: 0 },
    },
    locations: [
      {
        id: 'loc-a',
        name: 'Alna',
        bays: [
          ['bay-1', 'Hall 1', 'operational', 1, false, true],
          ['bay-2', 'Hall 2', 'inactive', 1, true, true],
        ],
      },
      { id: 'loc-b', name: 'Bryn', bays: [['bay-3', 'Hall 1', 'operational', 1, false, false]] },
    ],
    seq: 0,
  };
}

function statusEvent(bayId: string, to: string, seq = 1): RealtimeEvent {
  return {
    seq,
    type: 'bay.status_changed',
    locationId: 'loc-a',
    at: '2026-11-24T10:00:01.000Z',
    payload: { bayId, locationId: 'loc-a', from: 'operational', to, at: '2026-11-24T10:00:00.000Z' },
  };
}

describe('withBayStatus', () => {
  it('turns the right tile and moves the counts', () => {
    const before = dashboard();
    const after = withBayStatus(before, { bayId: 'bay-1', status: 'error', changedAt: CHANGED_AT });
    expect(after.locations[0]?.bays[0]).toEqual(['bay-1', 'Hall 1', 'error', CHANGED_AT, false, true]);
    expect(after.counts).toMatchObject({ operational: 1, error: 1, inactive: 1, total: 3 });
    expect(before.locations[0]?.bays[0]?.[2]).toBe('operational');
  });

  it('keeps every other facility the same object, so its card is not rendered again', () => {
    const before = dashboard();
    const after = withBayStatus(before, { bayId: 'bay-1', status: 'warning', changedAt: CHANGED_AT });
    expect(after.locations[1]).toBe(before.locations[1]);
    expect(after.locations[0]?.bays[1]).toBe(before.locations[0]?.bays[1]);
  });

  it('ignores a bay that is not on the dashboard', () => {
    const before = dashboard();
    expect(withBayStatus(before, { bayId: 'elsewhere', status: 'error', changedAt: CHANGED_AT })).toBe(
      before,
    );
  });

  it('never lets a change that arrived late undo a newer one', () => {
    const before = withBayStatus(dashboard(), { bayId: 'bay-1', status: 'error', changedAt: CHANGED_AT });
    const late = withBayStatus(before, { bayId: 'bay-1', status: 'warning', changedAt: CHANGED_AT - 1000 });
    expect(late).toBe(before);
  });

  it('ignores a status the tile already shows', () => {
    const before = dashboard();
    expect(withBayStatus(before, { bayId: 'bay-3', status: 'operational', changedAt: CHANGED_AT })).toBe(
      before,
    );
  });

  it('marks a bay monitored or not in the same status, keeping the time it began, and counts it', () => {
    const before = dashboard();
    const change = { bayId: 'bay-3', status: 'operational', changedAt: CHANGED_AT, monitored: true } as const;
    const after = withBayStatus(before, change);
    expect(after.locations[1]?.bays[0]).toEqual(['bay-3', 'Hall 1', 'operational', 1, false, true]);
    expect(after.counts).toMatchObject({ operational: 2, total: 3, unmonitored: 0 });
    expect(after.counts.unmonitoredByStatus.operational).toBe(0);
    const off = withBayStatus(after, { ...change, bayId: 'bay-1', monitored: false });
    expect(off.locations[0]?.bays[0]?.[5]).toBe(false);
    expect(off.counts.unmonitored).toBe(1);
    expect(off.counts.unmonitoredByStatus.operational).toBe(1);
  });

  it('moves a bay not monitored from its old status to its new one in the counts of those not monitored', () => {
    const after = withBayStatus(dashboard(), { bayId: 'bay-3', status: 'error', changedAt: CHANGED_AT });
    expect(after.counts).toMatchObject({ operational: 1, error: 1, unmonitored: 1 });
    expect(after.counts.unmonitoredByStatus).toEqual({
      operational: 0,
      warning: 0,
      error: 1,
      inactive: 0,
      maintenance: 0,
    });
  });
});

describe('applyRealtimeEvent', () => {
  it('has a cache action for every event type of the contract', () => {
    for (const type of REALTIME_EVENT_TYPES) expect(REALTIME_CACHE_ACTIONS[type]).toBeTypeOf('function');
    expect(Object.keys(REALTIME_CACHE_ACTIONS).sort()).toEqual([...REALTIME_EVENT_TYPES].sort());
  });

  it('writes a status change into the cached dashboard without refetching it', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['dashboard'], dashboard());
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    applyRealtimeEvent(queryClient, statusEvent('bay-1', 'error'));
    const cached = queryClient.getQueryData<Dashboard>(['dashboard']);
    expect(cached?.locations[0]?.bays[0]?.slice(0, 4)).toEqual(['bay-1', 'Hall 1', 'error', CHANGED_AT]);
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toContainEqual(['bays', 'detail', 'bay-1']);
    expect(keys).not.toContainEqual(['dashboard']);
  });

  it('ignores a status change with an unknown status', () => {
    const queryClient = new QueryClient();
    const before = dashboard();
    queryClient.setQueryData(['dashboard'], before);
    applyRealtimeEvent(queryClient, statusEvent('bay-1', 'purple'));
    expect(queryClient.getQueryData(['dashboard'])).toBe(before);
  });

  it('leaves the cache empty when no dashboard was loaded', () => {
    const queryClient = new QueryClient();
    applyRealtimeEvent(queryClient, statusEvent('bay-1', 'error'));
    expect(queryClient.getQueryData(['dashboard'])).toBeUndefined();
  });

  it('marks the alert lists stale on an alert event, and not the dashboard', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['alerts', 'list', { filters: { state: 'open' } }], { data: [], count: 0 });
    queryClient.setQueryData(['dashboard'], dashboard());
    applyRealtimeEvent(queryClient, {
      seq: 2,
      type: 'alert.opened',
      locationId: 'loc-a',
      at: '2026-11-24T10:00:00.000Z',
      payload: { alertId: 'alert-1', bayId: 'bay-1' },
    });
    expect(queryClient.getQueryState(['alerts', 'list', { filters: { state: 'open' } }])?.isInvalidated).toBe(
      true,
    );
    expect(queryClient.getQueryState(['dashboard'])?.isInvalidated).toBe(false);
  });

  it('marks the mutes and the dashboard stale on a mute event', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['mutes', { locationId: 'loc-a' }], []);
    queryClient.setQueryData(['dashboard'], dashboard());
    applyRealtimeEvent(queryClient, {
      seq: 3,
      type: 'mute.created',
      locationId: 'loc-a',
      at: '2026-11-24T10:00:00.000Z',
      payload: { muteId: 'mute-1', bayId: null },
    });
    expect(queryClient.getQueryState(['mutes', { locationId: 'loc-a' }])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['dashboard'])?.isInvalidated).toBe(true);
  });
});

describe('withBayStatuses', () => {
  it('writes several bays in one new dashboard and keeps untouched facilities the same objects', () => {
    const before = dashboard();
    const after = withBayStatuses(before, [
      { bayId: 'bay-1', status: 'error', changedAt: CHANGED_AT },
      { bayId: 'bay-2', status: 'warning', changedAt: CHANGED_AT },
    ]);
    expect(after.locations[0]?.bays.map((bay) => bay[2])).toEqual(['error', 'warning']);
    expect(after.locations[1]).toBe(before.locations[1]);
    expect(after.counts).toMatchObject({ operational: 1, inactive: 0, error: 1, warning: 1, total: 3 });
  });

  it('answers the same object when no tile changes', () => {
    const before = dashboard();
    const late = [
      { bayId: 'bay-1', status: 'error' as const, changedAt: 0 },
      { bayId: 'bay-3', status: 'operational' as const, changedAt: CHANGED_AT },
    ];
    expect(withBayStatuses(before, late)).toBe(before);
  });
});

describe('createRealtimeApplier', () => {
  function manualFrames() {
    const callbacks: (() => void)[] = [];
    const schedule = vi.fn((callback: () => void) => {
      callbacks.push(callback);
      return () => callbacks.splice(callbacks.indexOf(callback), 1);
    });
    const frame = () => {
      for (const callback of callbacks.splice(0)) callback();
    };
    return { schedule, frame, callbacks };
  }

  it('applies the status changes of one frame in one dashboard update', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['dashboard'], dashboard());
    const frames = manualFrames();
    const applier = createRealtimeApplier(queryClient, frames.schedule);
    const updates = vi.fn();
    queryClient.getQueryCache().subscribe((e) => e.type === 'updated' && updates());
    applier.apply(statusEvent('bay-1', 'error', 1));
    applier.apply(statusEvent('bay-2', 'warning', 2));
    applier.apply(statusEvent('bay-1', 'maintenance', 3));
    expect(frames.schedule).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData<Dashboard>(['dashboard'])?.locations[0]?.bays[0]?.[2]).toBe(
      'operational',
    );
    frames.frame();
    const cached = queryClient.getQueryData<Dashboard>(['dashboard']);
    expect(cached?.locations[0]?.bays.map((bay) => bay[2])).toEqual(['maintenance', 'warning']);
    expect(updates).toHaveBeenCalledTimes(1);
  });

  it('applies pending status changes before any other event, keeping the order', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['dashboard'], dashboard());
    const frames = manualFrames();
    const applier = createRealtimeApplier(queryClient, frames.schedule);
    applier.apply(statusEvent('bay-1', 'error', 1));
    applier.apply({
      seq: 2,
      type: 'mute.created',
      locationId: 'loc-a',
      at: '2026-11-24T10:00:02.000Z',
      payload: { muteId: 'mute-1', bayId: null },
    });
    expect(queryClient.getQueryData<Dashboard>(['dashboard'])?.locations[0]?.bays[0]?.[2]).toBe('error');
    expect(frames.callbacks).toHaveLength(0);
  });

  it('drops what is pending when stopped', () => {
    const queryClient = new QueryClient();
    const before = dashboard();
    queryClient.setQueryData(['dashboard'], before);
    const frames = manualFrames();
    const applier = createRealtimeApplier(queryClient, frames.schedule);
    applier.apply(statusEvent('bay-1', 'error', 1));
    applier.stop();
    frames.frame();
    expect(queryClient.getQueryData(['dashboard'])).toBe(before);
  });
});

describe('bay.updated', () => {
  function updated(fields: string[]): RealtimeEvent {
    return {
      seq: 4,
      type: 'bay.updated',
      locationId: 'loc-a',
      at: '2026-11-24T10:00:00.000Z',
      payload: { bayId: 'bay-1', locationId: 'loc-a', name: 'Hall 1', fields },
    };
  }

  it('leaves the dashboard alone when only the status changed (its status event writes the tile)', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['dashboard'], dashboard());
    queryClient.setQueryData(['bays', 'detail', 'bay-1'], {});
    applyRealtimeEvent(queryClient, updated(['status']));
    expect(queryClient.getQueryState(['dashboard'])?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(['bays', 'detail', 'bay-1'])?.isInvalidated).toBe(true);
  });

  it('marks the dashboard stale when a shown field changed', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['dashboard'], dashboard());
    applyRealtimeEvent(queryClient, updated(['name', 'status']));
    expect(queryClient.getQueryState(['dashboard'])?.isInvalidated).toBe(true);
  });
});
