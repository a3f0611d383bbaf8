import type { RealtimeEvent } from '@vaskedrift/shared';
import { describe, expect, it, vi } from 'vitest';
import { parseResumeAnswer, type RealtimeDeps, type RealtimeSocket, startRealtime } from './realtime-client';
import type { RealtimeState } from './realtime-state';

function event(seq: number): RealtimeEvent {
  return { seq, type: 'bay.updated', locationId: 'loc-a', at: '2026-11-24T10:00:00.000Z', payload: {} };
}

/** A socket the test drives: `fire` plays a server message, `answers` holds the next acks by message. */
class FakeSocket implements RealtimeSocket {
  listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  connects = 0;
  disconnects = 0;
  requests: { event: string; data: unknown }[] = [];
  answers = new Map<string, Promise<unknown>>();
  on(name: string, listener: (...args: unknown[]) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  connect() {
    this.connects += 1;
  }
  disconnect() {
    this.disconnects += 1;
  }
  request(name: string, data: unknown) {
    this.requests.push({ event: name, data });
    return this.answers.get(name) ?? new Promise<unknown>(() => {});
  }
  fire(name: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(name) ?? []) listener(...args);
  }
}

async function setup() {
  const socket = new FakeSocket();
  const states: RealtimeState[] = [];
  const timers: { callback: () => void; ms: number }[] = [];
  const applied: number[] = [];
  let tokenListener: (token: string) => void = () => {};
  let readListener: (since: number) => void = () => {};
  const deps: RealtimeDeps = {
    openSocket: async () => socket,
    getToken: () => 'token-1',
    onTokenRefreshed: (listener) => {
      tokenListener = listener;
      return () => {};
    },
    signOut: vi.fn(async () => {}),
    apply: (next) => applied.push(next.seq),
    refetchAll: vi.fn(),
    setState: (state) => states.push(state),
    isBrowserOnline: () => true,
    watchNetwork: () => () => {},
    setTimer: (callback, ms) => {
      timers.push({ callback, ms });
      return timers.length;
    },
    clearTimer: () => {},
    random: () => 0,
    onDataRead: (listener) => {
      readListener = listener;
      return () => {};
    },
  };
  const stop = startRealtime(deps);
  await vi.waitFor(() => expect(socket.connects).toBe(1));
  /** Lets the connection fail and runs the reconnect timer, as the back-off would. */
  const failAndRetry = () => {
    socket.fire('connect_error', new Error('refused'));
    const timer = timers.at(-1);
    timer?.callback();
    return timer?.ms;
  };
  return {
    socket,
    states,
    timers,
    applied,
    deps,
    stop,
    failAndRetry,
    refreshToken: (t: string) => tokenListener(t),
    /** Data read at `seq` was put in the cache (catch-up.ts). */
    read: (seq: number) => readListener(seq),
  };
}

describe('startRealtime', () => {
  it('reconnects after 1, 2, 5, then 10 s, and starts again at 1 s once it was connected', async () => {
    const { socket, states, timers, failAndRetry } = await setup();
    expect([failAndRetry(), failAndRetry(), failAndRetry(), failAndRetry(), failAndRetry()]).toEqual([
      1000, 2000, 5000, 10_000, 10_000,
    ]);
    expect(states).toEqual([
      'connecting',
      'reconnecting',
      'reconnecting',
      'reconnecting',
      'reconnecting',
      'offline',
    ]);
    socket.fire('connect');
    expect(states.at(-1)).toBe('connected');
    socket.fire('disconnect', 'transport close');
    expect(states.at(-1)).toBe('reconnecting');
    expect(timers.at(-1)?.ms).toBe(1000);
  });

  it('applies live events and, after a reconnect, resumes from the last applied seq', async () => {
    const { socket, applied, failAndRetry } = await setup();
    socket.fire('connect');
    expect(socket.requests).toEqual([]);
    socket.fire('event', event(7));
    socket.fire('event', { seq: 'not a number' });
    socket.answers.set('resume', Promise.resolve({ events: [event(8), event(9)] }));
    socket.fire('disconnect', 'transport close');
    failAndRetry();
    socket.fire('connect');
    expect(socket.requests).toEqual([{ event: 'resume', data: { since: 7 } }]);
    await vi.waitFor(() => expect(applied).toEqual([7, 8, 9]));
  });

  it('resumes the first connection from a read made before it, so the changes while joining are not lost', async () => {
    const { socket, applied, read } = await setup();
    read(12);
    read(10);
    socket.answers.set('resume', Promise.resolve({ events: [event(11), event(13)] }));
    socket.fire('connect');
    expect(socket.requests).toEqual([{ event: 'resume', data: { since: 10 } }]);
    await vi.waitFor(() => expect(applied).toEqual([11, 13]));
  });

  it('after a read while connected, applies again what it may have overwritten, and the rest once', async () => {
    const { socket, applied, read } = await setup();
    socket.fire('connect');
    const status = (seq: number): RealtimeEvent => ({ ...event(seq), type: 'bay.status_changed' });
    socket.fire('event', status(20));
    socket.fire('event', event(21));
    socket.answers.set('resume', Promise.resolve({ events: [status(20), event(21), status(22)] }));
    read(19);
    expect(socket.requests).toEqual([{ event: 'resume', data: { since: 19 } }]);
    await vi.waitFor(() => expect(applied).toEqual([20, 21, 20, 22]));
  });

  it('refetches everything when the server answers the resume with refetch', async () => {
    const { socket, deps } = await setup();
    socket.fire('connect');
    socket.fire('event', event(3));
    socket.answers.set('resume', Promise.resolve({ refetch: true }));
    socket.fire('disconnect', 'transport close');
    socket.fire('connect');
    await vi.waitFor(() => expect(deps.refetchAll).toHaveBeenCalledOnce());
  });

  it('refetches everything on a reconnect before any event was applied', async () => {
    const { socket, deps, failAndRetry } = await setup();
    failAndRetry();
    socket.fire('connect');
    expect(deps.refetchAll).toHaveBeenCalledOnce();
    expect(socket.requests).toEqual([]);
  });

  it('sends the refreshed token while connected', async () => {
    const { socket, refreshToken } = await setup();
    refreshToken('before-connect');
    socket.fire('connect');
    refreshToken('token-2');
    expect(socket.requests).toEqual([{ event: 'auth', data: { token: 'token-2' } }]);
  });

  it('signs out locally and closes the channel on signed_out', async () => {
    const { socket, deps, timers } = await setup();
    socket.fire('connect');
    socket.fire('signed_out', { message: 'Økten er avsluttet' });
    expect(deps.signOut).toHaveBeenCalledOnce();
    expect(socket.disconnects).toBe(1);
    socket.fire('disconnect', 'io server disconnect');
    expect(timers).toEqual([]);
  });

  it('closes without reconnecting when stopped', async () => {
    const { socket, stop, timers } = await setup();
    socket.fire('connect');
    stop();
    socket.fire('disconnect', 'io client disconnect');
    expect(socket.disconnects).toBe(1);
    expect(timers).toEqual([]);
  });
});

describe('parseResumeAnswer', () => {
  it('accepts both forms of the contract and skips events it cannot read', () => {
    expect(parseResumeAnswer({ refetch: true })).toEqual({ refetch: true });
    expect(parseResumeAnswer({ events: [event(1), { seq: 2, type: 'unknown.type' }] })).toEqual({
      events: [event(1)],
    });
    expect(parseResumeAnswer(null)).toBeNull();
    expect(parseResumeAnswer({ events: 'none' })).toBeNull();
  });
});
