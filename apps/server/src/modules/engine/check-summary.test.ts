import { describe, expect, it } from 'vitest';
import { collectPaths, shorten } from './check-summary';

describe("what 'Test tilkobling' shows", () => {
  it('lists the dot paths of the first records, array items by index', () => {
    const records = [
      { id: 'hall-1', state: 'RUNNING', chemicals: { soap: 50 }, sensors: [{ k: 'temp', v: 38 }] },
      { id: 'hall-2', extra: true },
    ];
    expect(collectPaths(records)).toEqual([
      'id',
      'state',
      'chemicals.soap',
      'sensors',
      'sensors.0.k',
      'sensors.0.v',
      'extra',
    ]);
  });

  it('shortens long strings and arrays, and keeps a __proto__ key as a plain field', () => {
    const record = JSON.parse(
      `{"__proto__": {"polluted": true}, "text": "${'x'.repeat(300)}", "list": [${Array.from({ length: 15 }, (_, i) => i).join(',')}]}`,
    );
    const short = shorten(record) as Record<string, unknown>;
    expect(Object.getPrototypeOf(short)).toBe(Object.prototype);
    expect(Object.hasOwn(short, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((short.text as string).length).toBe(201);
    expect(short.list).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, '… 5 til']);
  });
});
