import { describe, expect, it } from 'vitest';
import { extractRecords, indexRecords } from './records';

describe('extractRecords', () => {
  it('takes a top-level array', () => {
    expect(extractRecords([{ id: 1 }, { id: 2 }])).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('takes the first array property at the top level', () => {
    const body = { site: 'Bergen', meta: { list: [{ x: 1 }] }, bays: [{ id: 'a' }], other: [{ id: 'b' }] };
    expect(extractRecords(body)).toEqual([{ id: 'a' }]);
  });

  it('takes the array at recordsPath when set, and only there', () => {
    const body = { first: [{ id: 'no' }], data: { units: [{ unit: 1 }] } };
    expect(extractRecords(body, 'data.units')).toEqual([{ unit: 1 }]);
    expect(extractRecords(body, ['data', 'units'])).toEqual([{ unit: 1 }]);
    expect(extractRecords(body, 'data.missing')).toBeNull();
    expect(extractRecords(body, 'data')).toBeNull();
    expect(extractRecords(body, '')).toEqual([{ id: 'no' }]);
    expect(extractRecords(body, null)).toEqual([{ id: 'no' }]);
  });

  it('drops elements that are not objects', () => {
    expect(extractRecords([{ id: 1 }, null, 3, 'x', [1], { id: 2 }])).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('gives an empty list for an empty array and null when there is no array', () => {
    expect(extractRecords([])).toEqual([]);
    expect(extractRecords({ bays: [] })).toEqual([]);
    expect(extractRecords({ site: 'Oslo', count: 2 })).toBeNull();
    expect(extractRecords({})).toBeNull();
    expect(extractRecords(null)).toBeNull();
    expect(extractRecords('[]')).toBeNull();
    expect(extractRecords(42)).toBeNull();
  });

  it('skips an own __proto__ array property and refuses it as recordsPath', () => {
    const body = JSON.parse('{"__proto__": [{"id": "evil"}], "bays": [{"id": "good"}]}');
    expect(extractRecords(body)).toEqual([{ id: 'good' }]);
    expect(extractRecords(body, '__proto__')).toBeNull();
  });
});

describe('indexRecords', () => {
  it('indexes by the key as a string, with nested key paths', () => {
    const records = [
      { device: { id: 'B-1' } },
      { device: { id: 2 } },
      { device: { id: true } },
      { device: {} },
      { device: { id: null } },
      { device: { id: { nested: 1 } } },
    ];
    const byId = indexRecords(records, 'device.id');
    expect([...byId.keys()]).toEqual(['B-1', '2', 'true']);
    expect(byId.get('2')).toBe(records[1]);
  });

  it('keeps the first record of a duplicate key', () => {
    const records = [
      { id: 'x', n: 1 },
      { id: 'x', n: 2 },
    ];
    expect(indexRecords(records, 'id').get('x')?.n).toBe(1);
  });

  it('gives an empty index for an invalid or prototype key identifier', () => {
    expect(indexRecords([{ id: 1 }], 'id..x').size).toBe(0);
    expect(indexRecords([{ id: 1 }], 'constructor.name').size).toBe(0);
  });
});
