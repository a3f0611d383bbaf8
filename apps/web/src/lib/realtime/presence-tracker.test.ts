import type { PresenceRecord } from '@vaskedrift/shared';
import { describe, expect, it, vi } from 'vitest';
import { createPresenceStore } from './presence';
import { createPresenceTracker } from './presence-tracker';
import { type RealtimeSocket, startRealtime } from './realtime-client';

const tab = (ref: string, user = 'u1', lastSeen = '2026-11-24T10:00:00.000Z'): PresenceRecord => ({
  user_id: user,
  user_name: `Bruker ${user}`,
  user_email: `${user}@example.com`,
  user_avatar: null,
  last_seen: lastSeen,
  presence_ref: ref,
});

/** A socket the test drives: `fire` plays a server message; each request waits for `answer`. */
class FakeSocket implements RealtimeSocket {
  listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  requests: { event: string; answer: (value: unknown) => void }[] = [];
  on(name: string, listener: (...args: unknown[]) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  connect() {}
  disconnect() {}
  request(event: string) {
    return new Promise<unknown>((answer) => this.requests.push({ event, answer }));
  }
  fire(name: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(name) ?? []) listener(...args);
  }
  /** Answers the oldest open request, which must be `event`. */
  async answer(event: string, value: unknown) {
    const next = this.requests.shift();
    expect(next?.event).toBe(event);
    next?.answer(value);
    await Promise.resolve();
    await Promise.resolve();
  }
  sent = () => this.requests.map((r) => r.event);
}

function setup() {
  const socket = new FakeSocket();
  const store = createPresenceStore();
  const intervals: { callback: () => void; ms: number; cleared: boolean }[] = [];
  let routeListener: () => void = () => {};
  let unsubscribedRoute = false;
  let now = 1_000_000;
  const tracker = createPresenceTracker({
    store,
    onRouteChange: (listener) => {
      routeListener = listener;
      return () => {
        unsubscribedRoute = true;
      };
    },
    now: () => now,
    setInterval: (callback, ms) => {
      intervals.push({ callback, ms, cleared: false });
      return intervals.length - 1;
    },
    clearInterval: (timer) => {
      const interval = intervals[timer as number];
      if (interval) interval.cleared = true;
    },
  });
  tracker.attach(socket);
  return {
    socket,
    store,
    tracker,
    intervals,
    refs: () => store.get().map((r) => r.presence_ref),
    navigate: (afterMs: number) => {
      now += afterMs;
      routeListener();
    },
    unsubscribedRoute: () => unsubscribedRoute,
  };
}

/** Connects and answers the first track and sync. */
async function connected(presences: PresenceRecord[] = [tab('me')]) {
  const t = setup();
  t.socket.fire('connect');
  await t.socket.answer('presence_track', { ok: true });
  await t.socket.answer('presence_sync', { presences });
  return t;
}

describe('createPresenceTracker', () => {
  it('tracks on connect, then replaces the list with the sync', async () => {
    const { socket, refs, store } = setup();
    store.join(tab('stale'));
    socket.fire('connect');
    expect(socket.sent()).toEqual(['presence_track']);
    await socket.answer('presence_track', { ok: true });
    expect(socket.sent()).toEqual(['presence_sync']);
    await socket.answer('presence_sync', { presences: [tab('me'), tab('other', 'u2')] });
    expect(refs()).toEqual(['me', 'other']);
  });

  it('applies joins and leaves, ignoring malformed ones', async () => {
    const { socket, refs } = await connected();
    socket.fire('presence_join', tab('x', 'u2'));
    socket.fire('presence_join', { user_id: 'u3' });
    socket.fire('presence_leave', { presence_ref: 'me', user_id: 'u1' });
    socket.fire('presence_leave', 'søppel');
    expect(refs()).toEqual(['x']);
  });

  it('applies again the joins and leaves that arrive while a sync is under way', async () => {
    const { socket, refs } = setup();
    socket.fire('connect');
    await socket.answer('presence_track', { ok: true });
    socket.fire('presence_join', tab('late', 'u2'));
    socket.fire('presence_leave', { presence_ref: 'gone', user_id: 'u3' });
    await socket.answer('presence_sync', { presences: [tab('me'), tab('gone', 'u3')] });
    expect(refs().sort()).toEqual(['late', 'me']);
  });

  it('re-tracks and re-syncs every 30 s, so ghosts of a dead instance vanish', async () => {
    const { socket, intervals, refs } = await connected([tab('me'), tab('ghost', 'u9')]);
    expect(intervals.map((i) => i.ms)).toEqual([30_000]);
    intervals[0]?.callback();
    await socket.answer('presence_track', { ok: true });
    await socket.answer('presence_sync', { presences: [tab('me')] });
    expect(refs()).toEqual(['me']);
  });

  it('keeps the list when the track or the sync fails, and tries again at the next tick', async () => {
    const { socket, intervals, refs } = await connected([tab('me'), tab('x', 'u2')]);
    intervals[0]?.callback();
    await socket.answer('presence_track', { ok: false, message: 'Kunne ikke melde deg som pålogget' });
    expect(socket.sent()).toEqual([]);
    intervals[0]?.callback();
    await socket.answer('presence_track', { ok: true });
    await socket.answer('presence_sync', { ok: false, message: 'Kunne ikke hente hvem som er pålogget' });
    expect(refs()).toEqual(['me', 'x']);
  });

  it('refreshes last seen after a route change at most every 10 s, without a sync', async () => {
    const { socket, navigate } = await connected();
    navigate(3000);
    expect(socket.sent()).toEqual([]);
    navigate(7000);
    expect(socket.sent()).toEqual(['presence_track']);
    await socket.answer('presence_track', { ok: true });
    navigate(9999);
    expect(socket.sent()).toEqual([]);
    navigate(1);
    expect(socket.sent()).toEqual(['presence_track']);
  });

  it('does nothing on a route change while disconnected', async () => {
    const { socket, navigate } = setup();
    navigate(60_000);
    expect(socket.sent()).toEqual([]);
  });

  it('empties the list and stops re-announcing on disconnect; a reconnect tracks again', async () => {
    const { socket, intervals, refs } = await connected([tab('me'), tab('x', 'u2')]);
    socket.fire('disconnect', 'transport close');
    expect(refs()).toEqual([]);
    expect(intervals[0]?.cleared).toBe(true);
    socket.fire('presence_join', tab('y', 'u3'));
    expect(refs()).toEqual([]);
    socket.fire('connect');
    expect(socket.sent()).toEqual(['presence_track']);
  });

  it('empties the list and lets go of the router on stop, even with a sync under way', async () => {
    const { socket, tracker, refs, unsubscribedRoute, intervals } = await connected([tab('me')]);
    intervals[0]?.callback();
    await socket.answer('presence_track', { ok: true });
    tracker.stop();
    await socket.answer('presence_sync', { presences: [tab('me'), tab('x', 'u2')] });
    expect(refs()).toEqual([]);
    expect(unsubscribedRoute()).toBe(true);
    expect(intervals[0]?.cleared).toBe(true);
  });
});

describe('startRealtime with presence', () => {
  it('hands the presence tracker the socket it opens and stops it with the channel', async () => {
    const socket = new FakeSocket();
    const presence = { attach: vi.fn(), stop: vi.fn() };
    const stop = startRealtime({
      openSocket: async () => socket,
      getToken: () => 'token',
      onTokenRefreshed: () => () => {},
      signOut: async () => {},
      apply: () => {},
      refetchAll: () => {},
      setState: () => {},
      isBrowserOnline: () => true,
      watchNetwork: () => () => {},
      setTimer: () => 0,
      clearTimer: () => {},
      random: () => 0,
      onDataRead: () => () => {},
      presence,
    });
    await vi.waitFor(() => expect(presence.attach).toHaveBeenCalledWith(socket));
    stop();
    expect(presence.stop).toHaveBeenCalledTimes(1);
  });
});
