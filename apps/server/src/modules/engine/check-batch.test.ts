import { describe, expect, it } from 'vitest';
import { gathered } from './check-batch';

describe('gathered', () => {
  it('serves calls made within the window with one run, one run at a time, in order', async () => {
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

  it('gathers the calls made while a run is under way into the next run, started as it ends', async () => {
    const runs: string[][] = [];
    let release = () => {};
    // A window no test waits out: a run that waited for it would time the test out.
    const echo = gathered<string, string>(
      async (inputs) => {
        runs.push(inputs);
        if (runs.length === 1) await new Promise<void>((r) => (release = r));
        return inputs;
      },
      { gatherMs: 60_000, max: 2 },
    );
    const first = [echo('a'), echo('b')]; // a full run starts at once
    await new Promise((r) => setImmediate(r));
    const later = [echo('c'), echo('d'), echo('e')];
    await new Promise((r) => setTimeout(r, 20));
    // Still one run: the next waits for the one under way, however long it takes.
    expect(runs).toEqual([['a', 'b']]);
    release();
    expect(await Promise.all([...first, ...later.slice(0, 2)])).toEqual(['a', 'b', 'c', 'd']);
    expect(runs).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    await expect(later[2]).resolves.toBe('e');
  });

  it('runs up to runsAtOnce at once, each with what was waiting when it started', async () => {
    const runs: string[][] = [];
    const releases: Array<() => void> = [];
    let active = 0;
    let most = 0;
    const echo = gathered<string, string>(
      async (inputs) => {
        runs.push(inputs);
        active++;
        most = Math.max(most, active);
        await new Promise<void>((r) => releases.push(r));
        active--;
        return inputs;
      },
      { gatherMs: 60_000, max: 2, runsAtOnce: 2 },
    );
    const calls = ['a', 'b', 'c', 'd', 'e'].map((x) => echo(x));
    await new Promise((r) => setImmediate(r));
    // Two full runs side by side; the fifth call waits for one of them to end.
    expect(runs).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    releases.shift()?.();
    await expect(calls[0]).resolves.toBe('a');
    await new Promise((r) => setImmediate(r));
    expect(runs.at(-1)).toEqual(['e']);
    for (const release of releases.splice(0)) release();
    await new Promise((r) => setImmediate(r));
    releases.shift()?.();
    expect(await Promise.all(calls)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(most).toBe(2);
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
