import { describe, expect, it } from 'vitest';
import { segmentAt, segmentsFromPoints, shortLabel, toSeconds, valueRange } from './chart-data';

describe('chart data', () => {
  it('reads ISO instants as Unix seconds', () => {
    expect(toSeconds('2026-11-24T12:00:00.000Z')).toBe(1_795_521_600);
  });

  it('gives a value range that holds the data and the thresholds, with air', () => {
    expect(valueRange([10, null, 20], [{ value: 30 }])).toEqual([9, 31]);
    expect(valueRange([5, 5])).toEqual([4, 6]);
    expect(valueRange([null, undefined])).toBeNull();
  });

  it('merges points of the same kind into segments that last until the next point', () => {
    expect(segmentsFromPoints([0, 10, 20, 30], ['active', 'active', 'critical', 'active'], 50)).toEqual([
      { from: 0, to: 20, kind: 'active' },
      { from: 20, to: 30, kind: 'critical' },
      { from: 30, to: 50, kind: 'active' },
    ]);
    expect(segmentsFromPoints([], [], 50)).toEqual([]);
  });

  it('finds the segment under an instant', () => {
    const segments = [
      { from: 0, to: 10, kind: 'a' },
      { from: 10, to: 20, kind: 'b' },
    ];
    expect(segmentAt(segments, 10)?.kind).toBe('b');
    expect(segmentAt(segments, 25)).toBeNull();
  });

  it('shortens long labels with an ellipsis', () => {
    expect(shortLabel('Hall 1')).toBe('Hall 1');
    expect(shortLabel('Vaskehall nummer tolv i Bergen', 12)).toBe('Vaskehall n…');
  });
});
