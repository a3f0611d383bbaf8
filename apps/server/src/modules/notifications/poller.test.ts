import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPoller, type NextDue } from './poller';

/** A poller whose passes answer what `answers` holds next, on Vitest's fake clock. */
function pollerAnswering(answers: Array<NextDue | undefined>, idleMs?: number) {
  const passes: number[] = [];
  const poller = createPoller({
    pass: async () => {
      passes.push(Date.now());
      return answers.shift();
    },
    intervalMs: 1000,
    idleMs,
    onError: (err) => {
      throw err;
    },
  });
  return { poller, passes };
}

/** Passes run so far, after moving the fake clock on by `ms`. */
async function after(ms: number, passes: number[]) {
  await vi.advanceTimersByTimeAsync(ms);
  return passes.length;
}

describe('the loop of the background workers', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('without idleMs runs a pass every interval, whatever the pass answers', async () => {
    const { poller, passes } = pollerAnswering([{ nextDueAt: null }, { nextDueAt: null }]);
    poller.start();
    expect(await after(0, passes)).toBe(1);
    expect(await after(1000, passes)).toBe(2);
    expect(await after(1000, passes)).toBe(3);
    await poller.stop();
  });

  it('with idleMs sleeps until the next work falls due, then the interval again when the pass says nothing', async () => {
    const { poller, passes } = pollerAnswering([{ nextDueAt: new Date(7000) }], 30_000);
    poller.start();
    expect(await after(0, passes)).toBe(1);
    expect(await after(6999, passes)).toBe(1);
    expect(await after(1, passes)).toBe(2);
    // The second pass answered nothing: back to the interval.
    expect(await after(1000, passes)).toBe(3);
    await poller.stop();
  });

  it('sleeps idleMs at most, and the interval at least', async () => {
    const { poller, passes } = pollerAnswering(
      [{ nextDueAt: null }, { nextDueAt: new Date(10 * 60_000) }, { nextDueAt: new Date(0) }],
      30_000,
    );
    poller.start();
    expect(await after(0, passes)).toBe(1);
    expect(await after(29_999, passes)).toBe(1);
    expect(await after(1, passes)).toBe(2);
    expect(await after(30_000, passes)).toBe(3);
    // Due in the past: the next pass an interval later, not at once.
    expect(await after(999, passes)).toBe(3);
    expect(await after(1, passes)).toBe(4);
    await poller.stop();
  });

  it('runs a pass at once on a nudge while it sleeps', async () => {
    const { poller, passes } = pollerAnswering([{ nextDueAt: null }, { nextDueAt: null }], 30_000);
    poller.start();
    expect(await after(0, passes)).toBe(1);
    expect(await after(5000, passes)).toBe(1);
    poller.nudge();
    expect(await after(0, passes)).toBe(2);
    expect(await after(29_999, passes)).toBe(2);
    expect(await after(1, passes)).toBe(3);
    await poller.stop();
  });

  it('runs one more pass for a nudge that comes as a pass ends, not after the idle sleep', async () => {
    // A sender's pass has found nothing and is about to end when the dispatcher commits a row and nudges it.
    let endPass: (answer: NextDue) => void = () => {};
    let passes = 0;
    const poller = createPoller({
      pass: () => {
        passes += 1;
        return new Promise<NextDue>((resolve) => {
          endPass = resolve;
        });
      },
      intervalMs: 1000,
      idleMs: 30_000,
      onError: (err) => {
        throw err;
      },
    });
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(passes).toBe(1);
    poller.nudge();
    endPass({ nextDueAt: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(passes).toBe(2);
    endPass({ nextDueAt: null });
    await poller.stop();
  });

  it('with nudgeGapMs runs one pass a gap for a stream of nudges, and at once for a nudge after a quiet while', async () => {
    const passes: number[] = [];
    const poller = createPoller({
      pass: async () => {
        passes.push(Date.now());
        return { nextDueAt: null };
      },
      intervalMs: 1000,
      idleMs: 30_000,
      nudgeGapMs: 250,
      onError: (err) => {
        throw err;
      },
    });
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    // A nudge every 50 ms for a second (20 of them): a pass at 250, 500, 750 and 1000 ms, not 20.
    for (let i = 0; i < 20; i++) {
      poller.nudge();
      await vi.advanceTimersByTimeAsync(50);
    }
    expect(passes).toEqual([0, 250, 500, 750, 1000]);
    // Asleep for 5 s: the next nudge runs a pass at once.
    await vi.advanceTimersByTimeAsync(5000);
    poller.nudge();
    await vi.advanceTimersByTimeAsync(0);
    expect(passes.at(-1)).toBe(6000);
    await poller.stop();
  });
});
