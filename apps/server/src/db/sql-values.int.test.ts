import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { arrayLiteral } from './sql-values';

// Our array literal against node-postgres's own conversion of the same JS array, both read back by PostgreSQL.
let client: pg.Client;

beforeAll(async () => {
  client = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
});

async function bothWays(type: string, values: unknown[]) {
  const literal = arrayLiteral(values);
  expect(literal, 'ingen literal').toBeTypeOf('string');
  const { rows } = await client.query(`select $1::${type}[] as ours, $2::${type}[] as theirs`, [
    literal,
    values,
  ]);
  return rows[0] as { ours: unknown[]; theirs: unknown[] };
}

describe('arrayLiteral', () => {
  it('text: quotes, backslashes, braces, commas, blanks, empty, the word null and non-ASCII read back as sent', async () => {
    const values = [
      'ok',
      'a "quoted" word',
      'back\\slash',
      '{braces}',
      'a,b',
      ' padded ',
      'line\nbreak',
      '',
      'NULL',
      'null',
      null,
      'ærlig talt – 5 °C',
      '\\"',
    ];
    const { ours, theirs } = await bothWays('text', values);
    expect(ours).toEqual(values);
    expect(ours).toEqual(theirs);
  });

  it('jsonb: what json() makes of strings, numbers, objects and arrays', async () => {
    const values = ['"tekst med \\"sitat\\""', '12.5', '-3', 'true', '{"a":[1,"b"]}', '[1,2]', null];
    const { ours, theirs } = await bothWays('jsonb', values);
    expect(ours).toEqual(theirs);
    expect(ours).toEqual(['tekst med "sitat"', 12.5, -3, true, { a: [1, 'b'] }, [1, 2], null]);
  });

  it('numbers, booleans, big integers, uuids and dates: the same values as node-postgres sends', async () => {
    const floats = await bothWays('float8', [0, 1.5, -2.25e-7, 1e21, Number.MAX_VALUE, null]);
    expect(floats.ours).toEqual([0, 1.5, -2.25e-7, 1e21, Number.MAX_VALUE, null]);
    // −0 is written 0, by node-postgres too.
    expect((await bothWays('float8', [-0])).ours).toEqual((await bothWays('float8', [0])).theirs);
    const ints = await bothWays('int', [1, -2, 2147483647, null]);
    expect(ints.ours).toEqual(ints.theirs);
    const bools = await bothWays('boolean', [true, false, null]);
    expect(bools.ours).toEqual([true, false, null]);
    const big = await bothWays('bigint', [9007199254740993n, -1n]);
    expect(big.ours).toEqual(big.theirs);
    const ids = ['0b0e9c4e-6c1f-4b8e-9a53-2f6d2c1e0a11', null];
    expect((await bothWays('uuid', ids)).ours).toEqual(ids);
    const dates = [new Date('2026-11-28T06:30:00.123Z'), new Date(0), null];
    const times = await bothWays('timestamptz', dates);
    expect(times.ours).toEqual(dates);
    expect(times.ours).toEqual(times.theirs);
  });

  it('an empty array is an empty literal; nested arrays, buffers and objects are left to node-postgres', async () => {
    expect(arrayLiteral([])).toBe('{}');
    expect((await bothWays('int', [])).ours).toEqual([]);
    expect(arrayLiteral([[1, 2]])).toBeUndefined();
    expect(arrayLiteral([Buffer.from('x')])).toBeUndefined();
    expect(arrayLiteral([{ a: 1 }])).toBeUndefined();
  });
});
