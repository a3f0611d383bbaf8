import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { exceededJsonBound, jsonBounds, MAX_JSON_FIELD_DEPTH } from './json';

/** `levels` objects inside each other, built without recursion, as a JSON body would arrive. */
function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let i = 1; i < levels; i++) value = { a: value };
  return value;
}

const roomy = { maxDepth: 100, maxLength: 1_000_000 };

describe('exceededJsonBound', () => {
  it('measures the JSON text as JSON.stringify would write it', () => {
    const samples = [
      { a: 1, b: 'tekst med "sitat" og \\ og\nlinjeskift', c: [true, false, null, -0.5, 1e21] },
      [[], {}, [{}], 'æøå 日本語 😀'],
      { tom: {}, liste: [1, 2, 3], utelatt: undefined },
      'bare tekst',
      42,
    ];
    for (const sample of samples) {
      const length = JSON.stringify(sample).length;
      expect(exceededJsonBound(sample, { maxDepth: 10, maxLength: length })).toBeNull();
      expect(exceededJsonBound(sample, { maxDepth: 10, maxLength: length - 1 })).toBe('size');
    }
  });

  it('counts levels of objects and arrays', () => {
    expect(exceededJsonBound({}, { maxDepth: 1, maxLength: 100 })).toBeNull();
    expect(exceededJsonBound({ a: [] }, { maxDepth: 1, maxLength: 100 })).toBe('depth');
    expect(exceededJsonBound({ a: [1] }, { maxDepth: 2, maxLength: 100 })).toBeNull();
    expect(exceededJsonBound(nested(16), { maxDepth: 16, maxLength: 1000 })).toBeNull();
    expect(exceededJsonBound(nested(17), { maxDepth: 16, maxLength: 1000 })).toBe('depth');
  });

  it('walks 100,000 levels without overflowing the stack', () => {
    expect(exceededJsonBound(nested(100_000), roomy)).toBe('depth');
    let list: unknown[] = [];
    for (let i = 0; i < 100_000; i++) list = [list];
    expect(exceededJsonBound(list, roomy)).toBe('depth');
  });

  it('stops at the first excess of a huge value', () => {
    const wide = Array.from({ length: 200_000 }, (_, i) => i);
    expect(exceededJsonBound(wide, { maxDepth: 16, maxLength: 8192 })).toBe('size');
  });
});

describe('jsonBounds', () => {
  const schema = z
    .record(z.string(), z.unknown())
    .check(jsonBounds({ label: 'Tilleggsdataene', maxLength: 1024 }));

  it('refuses too deep and too large values with a Norwegian message naming the field', () => {
    const deep = schema.safeParse(nested(10_000));
    expect(deep.error?.issues[0]?.message).toBe(
      `Tilleggsdataene kan ikke være nestet i mer enn ${MAX_JSON_FIELD_DEPTH} nivåer`,
    );
    const large = schema.safeParse({ note: 'x'.repeat(1024) });
    expect(large.error?.issues[0]?.message).toBe('Tilleggsdataene kan ikke være større enn 1 kB');
    expect(schema.parse({ note: 'kort', liste: [1, { a: 2 }] })).toEqual({
      note: 'kort',
      liste: [1, { a: 2 }],
    });
  });
});
