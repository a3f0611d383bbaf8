import { describe, expect, it } from 'vitest';
import { reconnectDelay, stateWhileRetrying } from './reconnect-delay';

describe('reconnectDelay', () => {
  it('waits 1, 2, 5, then 10 s for every later attempt', () => {
    expect([0, 1, 2, 3, 4, 5, 50].map(reconnectDelay)).toEqual([
      1000, 2000, 5000, 10_000, 10_000, 10_000, 10_000,
    ]);
  });
});

describe('stateWhileRetrying', () => {
  it('is reconnecting through the back-off and offline once it has run out', () => {
    expect([0, 1, 2, 3, 4].map((attempt) => stateWhileRetrying(attempt, true))).toEqual([
      'reconnecting',
      'reconnecting',
      'reconnecting',
      'reconnecting',
      'offline',
    ]);
  });

  it('is offline at once when the browser has no network', () => {
    expect(stateWhileRetrying(0, false)).toBe('offline');
  });
});
