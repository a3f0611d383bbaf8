import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRepeatingJob } from './repeating-job';

describe('createRepeatingJob', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits the first delay, then the delay each result asks for, one round at a time', async () => {
    const results = [5_000, 1_000];
    const started: number[] = [];
    let finish: (() => void) | undefined;
    const job = createRepeatingJob({
      round: () => {
        started.push(Date.now());
        return new Promise<number>((resolve) => {
          finish = () => resolve(results.shift() ?? 60_000);
        });
      },
      firstDelayMs: () => 100,
      nextDelayMs: (wait) => wait,
      retryDelayMs: 1,
      onError: () => {},
    });
    const t0 = Date.now();
    job.start();
    job.start(); // started already: no second timer
    await vi.advanceTimersByTimeAsync(99);
    expect(started).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toEqual([t0 + 100]);
    // A slow round: no second one begins while it runs.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(started).toHaveLength(1);
    finish?.();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(started).toEqual([t0 + 100, t0 + 30_100 + 5_000]);
    finish?.();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toHaveLength(3);
    const stopping = job.stop();
    finish?.();
    await stopping;
  });

  it('tells of a failed round and tries again after the retry delay', async () => {
    const onError = vi.fn();
    let calls = 0;
    const job = createRepeatingJob({
      round: async () => {
        calls += 1;
        if (calls === 1) throw new Error('database borte');
        return calls;
      },
      firstDelayMs: () => 10,
      nextDelayMs: () => 60_000,
      retryDelayMs: 500,
      onError,
    });
    job.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(onError).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ message: 'database borte' }));
    await vi.advanceTimersByTimeAsync(499);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(2);
    await job.stop();
  });

  it('stop waits for the running round, says nothing of its failure and plans no other; start begins again', async () => {
    const onError = vi.fn();
    let fail: ((err: Error) => void) | undefined;
    let calls = 0;
    const job = createRepeatingJob({
      round: () => {
        calls += 1;
        return new Promise<void>((_, reject) => {
          fail = reject;
        });
      },
      firstDelayMs: () => 10,
      nextDelayMs: () => 10,
      retryDelayMs: 10,
      onError,
    });
    job.start();
    await vi.advanceTimersByTimeAsync(10);
    let stopped = false;
    const stopping = job.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(stopped).toBe(false);
    fail?.(new Error('avbrutt av nedstengingen'));
    await stopping;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(1);
    expect(onError).not.toHaveBeenCalled();

    job.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(calls).toBe(2);
    const stoppingAgain = job.stop();
    fail?.(new Error('feil'));
    await stoppingAgain;
  });
});
