import { describe, expect, it } from 'vitest';
import { gathered } from './check-batch';

describe('gathered', () => {
  it('serves calls made within the window with one run, one at a time, in order', async () => {
    const runs: number[][] = [];
    let active = 0;
    let most = 0;
    const double = gathered<number, number>(
      async (inputs) => {
        active++;
        most = Math.max(most, active);
        runs.push(inputs);
        await new Promise((r) => setTimeout(r, 20));
        active--;
        return inputs.map((n) => n * 2);
      },
      { gatherMs: 10, max: 3 },
    );
    const first = await Promise.all([double(1), double(2)]);
    expect(first).toEqual([2, 4]);
    // Five at once with room for three: a full batch at once, the other two after it.
    const second = await Promise.all([3, 4, 5, 6, 7].map((n) => double(n)));
    expect(second).toEqual([6, 8, 10, 12, 14]);
    expect(runs).toEqual([
      [1, 2],
      [3, 4, 5],
      [6, 7],
    ]);
    expect(most).toBe(1);
  });

  it('fails every call of a failed run, and the next run still happens', async () => {
    let fail = true;
    const echo = gathered<string, string>(
      async (inputs) => {
        if (fail) throw new Error('databasen svarer ikke');
        return inputs;
      },
      { gatherMs: 5, max: 10 },
    );
    const results = await Promise.allSettled([echo('a'), echo('b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    await expect(echo('c')).resolves.toBe('c');
  });
});
