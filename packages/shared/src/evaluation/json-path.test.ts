import { describe, expect, it } from 'vitest';
import { MAX_PATH_SEGMENTS, parsePath, readPath } from './json-path';
import { nested } from './test-support';

describe('parsePath', () => {
  it.each([
    ['temperature', ['temperature']],
    ['chemicals.soap', ['chemicals', 'soap']],
    ['chemicals.0.level', ['chemicals', '0', 'level']],
    ['sensors[2].value', ['sensors', '2', 'value']],
    ['sensors[2][0]', ['sensors', '2', '0']],
    ['[0].id', ['0', 'id']],
    ['  device.id  ', ['device', 'id']],
  ])('parses %j', (path, segments) => {
    expect(parsePath(path)).toEqual(segments);
  });

  it.each(['', '   ', 'a..b', '.a', 'a.', 'a[', 'a[x]', 'a[]', 'a]', 'a[0]b', 'a.[0]', 'a[0].'])(
    'refuses %j',
    (path) => {
      expect(parsePath(path)).toBeNull();
    },
  );

  it('refuses paths longer than the limit', () => {
    expect(parsePath(Array(MAX_PATH_SEGMENTS).fill('a').join('.'))).toHaveLength(MAX_PATH_SEGMENTS);
    expect(
      parsePath(
        Array(MAX_PATH_SEGMENTS + 1)
          .fill('a')
          .join('.'),
      ),
    ).toBeNull();
  });
});

describe('readPath', () => {
  const record = { a: { b: [10, { c: 'x' }], n: null, zero: 0, no: false } };

  it('follows objects and array indexes, in both spellings', () => {
    expect(readPath(record, 'a.b.0')).toEqual({ found: true, value: 10 });
    expect(readPath(record, 'a.b[1].c')).toEqual({ found: true, value: 'x' });
    expect(readPath(record, ['a', 'b', '1', 'c'])).toEqual({ found: true, value: 'x' });
  });

  it('finds null, 0 and false as values', () => {
    expect(readPath(record, 'a.n')).toEqual({ found: true, value: null });
    expect(readPath(record, 'a.zero')).toEqual({ found: true, value: 0 });
    expect(readPath(record, 'a.no')).toEqual({ found: true, value: false });
  });

  it.each(['a.missing', 'a.b.2', 'a.b.01', 'a.b.-1', 'a.b.length', 'a.b.c', 'a.n.x', 'a.zero.x', 'a..b'])(
    'misses %j',
    (path) => {
      expect(readPath(record, path)).toEqual({ found: false });
    },
  );

  it('never walks into the prototype chain', () => {
    expect(readPath({}, 'toString')).toEqual({ found: false });
    expect(readPath({}, 'constructor')).toEqual({ found: false });
    expect(readPath({}, 'constructor.prototype')).toEqual({ found: false });
    expect(readPath({}, '__proto__')).toEqual({ found: false });
    expect(readPath([], 'constructor.name')).toEqual({ found: false });
    expect(readPath('text', 'length')).toEqual({ found: false });
    expect(readPath(Object.create({ inherited: 1 }), 'inherited')).toEqual({ found: false });
  });

  it('treats own __proto__, constructor and prototype keys from JSON as missing', () => {
    const body = JSON.parse('{"__proto__": {"x": 1}, "constructor": {"y": 2}, "prototype": 3, "ok": 4}');
    expect(readPath(body, '__proto__.x')).toEqual({ found: false });
    expect(readPath(body, 'constructor.y')).toEqual({ found: false });
    expect(readPath(body, 'prototype')).toEqual({ found: false });
    expect(readPath(body, 'ok')).toEqual({ found: true, value: 4 });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('reads 50 levels deep', () => {
    const { value, path } = nested(50, 42);
    expect(readPath(value, path)).toEqual({ found: true, value: 42 });
    expect(readPath(value, `${path}.more`)).toEqual({ found: false });
  });

  it('reads the root for an empty parsed path and misses for an invalid one', () => {
    expect(readPath(5, [])).toEqual({ found: true, value: 5 });
    expect(readPath(record, 'a[')).toEqual({ found: false });
  });
});
