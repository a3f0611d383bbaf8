import { describe, expect, it } from 'vitest';
import { BUCKETS, bucketBitmap, bucketsOwnedBy, hasBucket, ownerOf } from './affinity';

const owners = (live: string[]) => Array.from({ length: BUCKETS }, (_, bucket) => ownerOf(bucket, live));

describe('bucket ownership (rendezvous hashing)', () => {
  it('gives every bucket exactly one owner, the same whatever order the live list is in', () => {
    const live = ['vask-a:3000', 'vask-b:3000', 'vask-c:3000'];
    const shares = live.map((key) => bucketsOwnedBy(key, live));
    expect(shares.reduce((n, s) => n + s.length, 0)).toBe(BUCKETS);
    expect(new Set(shares.flat()).size).toBe(BUCKETS);
    expect(owners([...live].reverse())).toEqual(owners(live));
    expect(bucketsOwnedBy('vask-b:3000', ['vask-c:3000', 'vask-a:3000', 'vask-b:3000'])).toEqual(shares[1]);
  });

  it('shares the buckets about evenly between two and three instances', () => {
    for (const live of [
      ['server-1', 'server-2'],
      ['server-1', 'server-2', 'server-3'],
      ['vask-a:3000', 'vask-a:3001', 'vask-b:3000'],
    ]) {
      for (const key of live) {
        const share = bucketsOwnedBy(key, live).length / BUCKETS;
        expect(Math.abs(share - 1 / live.length)).toBeLessThan(0.06);
      }
    }
  });

  it('moves only the newcomer’s buckets when an instance joins, and only the leaver’s when it leaves', () => {
    const two = owners(['a', 'b']);
    const three = owners(['a', 'b', 'c']);
    const moved = three.filter((owner, bucket) => owner !== two[bucket]);
    expect(moved.every((owner) => owner === 'c')).toBe(true);
    expect(moved.length / BUCKETS).toBeGreaterThan(0.27);
    expect(moved.length / BUCKETS).toBeLessThan(0.4);
    // 'b' leaves: its buckets go to the others, nobody else's move.
    const withoutB = owners(['a', 'c']);
    three.forEach((owner, bucket) => {
      if (owner !== 'b') expect(withoutB[bucket]).toBe(owner);
    });
  });

  it('gives an instance that comes back with the same key the same buckets', () => {
    const before = bucketsOwnedBy('b', ['a', 'b', 'c']);
    expect(bucketsOwnedBy('b', ['a', 'c'])).toEqual(before); // counts itself live before the others see it
    expect(bucketsOwnedBy('b', ['c', 'a', 'b'])).toEqual(before);
  });

  it('owns everything alone, and nothing is owned by an empty list', () => {
    expect(bucketsOwnedBy('alene', [])).toHaveLength(BUCKETS);
    expect(ownerOf(0, [])).toBeUndefined();
  });
});

describe('the bucket bitmap', () => {
  it('sets the bits PostgreSQL’s get_bit reads, least significant first in each byte', () => {
    const bitmap = bucketBitmap([0, 9, 1023]);
    expect(bitmap.length).toBe(BUCKETS / 8);
    expect(bitmap[0]).toBe(0b1);
    expect(bitmap[1]).toBe(0b10);
    expect(bitmap[127]).toBe(0b1000_0000);
    expect([0, 1, 8, 9, 1022, 1023].map((b) => hasBucket(bitmap, b))).toEqual([
      true,
      false,
      false,
      true,
      false,
      true,
    ]);
  });
});
