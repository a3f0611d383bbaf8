import { describe, expect, it } from 'vitest';
import { reconnectDelay, stateWhileRetrying } from './reconnect-delay';

describe('reconnectDelay', () => {
  it('waits 1, 2, 5, then 10 s for every later attempt', () => {
    expect([0, 1, 2, 3, 4, 5, 50].map((attempt) => reconnectDelay(attempt, () => 0))).toEqual([
      1000, 2000, 5000, 10_000, 10_000, 10_000, 10_000,
    ]);
  });

  it('takes up to a fifth off each step at random, never waiting longer than the step', () => {
    expect([0, 1, 2, 3].map((attempt) => reconnectDelay(attempt, () => 1))).toEqual([800, 1600, 4000, 8000]);
    for (let i = 0; i < 100; i++) {
      const delay = reconnectDelay(3, Math.random);
      expect(delay).toBeGreaterThanOrEqual(8000);
      expect(delay).toBeLessThanOrEqual(10_000);
    }
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
