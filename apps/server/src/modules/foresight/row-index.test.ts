import { describe, expect, it } from 'vitest';
import { RowIndex } from './row-index';

describe('RowIndex', () => {
  it('finds, replaces and forgets rows like a Map, through growth and deletions that shift keys back', () => {
    const index = new RowIndex();
    const map = new Map<number, number>();
    let seed = 7;
    const next = () => {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) & 0x7fffffff;
      return seed;
    };
    for (let step = 0; step < 40_000; step++) {
      // Keys from a small range, so sets, replacements and deletions collide often.
      const key = next() % 5_000;
      if (next() % 3 === 0) {
        index.delete(key);
        map.delete(key);
      } else {
        index.set(key, step);
        map.set(key, step);
      }
    }
    expect(index.size).toBe(map.size);
    for (let key = 0; key < 5_000; key++) expect(index.get(key)).toBe(map.get(key));
    expect([...index.values()].sort((a, b) => a - b)).toEqual([...map.values()].sort((a, b) => a - b));
  });

  it('holds series numbers of the whole int32 range', () => {
    const index = new RowIndex();
    index.set(2_147_483_647, 0);
    index.set(1, 1);
    expect(index.get(2_147_483_647)).toBe(0);
    expect(index.get(1)).toBe(1);
    expect(index.get(2)).toBeUndefined();
  });
});
