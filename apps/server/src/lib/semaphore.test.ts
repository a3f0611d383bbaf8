import { describe, expect, it } from 'vitest';
import { Semaphore } from './semaphore';

/** A task that runs until `finish` is called. */
function held() {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { task: () => done, finish: () => finish() };
}

describe('Semaphore.tryRun', () => {
  it('runs at once while a place is free and answers null when none is, without waiting', async () => {
    const slots = new Semaphore(2);
    const first = held();
    const running = slots.run(first.task);
    const second = held();
    const taken = slots.tryRun(second.task);
    expect(taken).not.toBeNull();
    expect(slots.tryRun(async () => 'third')).toBeNull();
    second.finish();
    await taken;
    expect(await slots.tryRun(async () => 'third again')).toBe('third again');
    first.finish();
    await running;
  });

  it('does not pass a task waiting in run, and hands the place on to it first', async () => {
    const slots = new Semaphore(1);
    const first = held();
    const running = slots.run(first.task);
    const second = held();
    let started = false;
    const waiting = slots.run(() => {
      started = true;
      return second.task();
    });
    expect(slots.tryRun(async () => 'tried')).toBeNull();
    first.finish();
    await running;
    await expect.poll(() => started).toBe(true);
    // The place went to the waiting task, not back to the free count.
    expect(slots.tryRun(async () => 'tried')).toBeNull();
    second.finish();
    await waiting;
    expect(await slots.tryRun(async () => 'free')).toBe('free');
  });
});
