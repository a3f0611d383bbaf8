import { sql } from 'drizzle-orm';

/** An element written bare in an array literal only when PostgreSQL cannot read it as something else. */
const NEEDS_QUOTES = /[{}",\\\s]|^$|^null$/i;

function element(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'NULL';
  switch (typeof value) {
    case 'number':
    case 'bigint':
    case 'boolean':
      return String(value);
    case 'string':
      return NEEDS_QUOTES.test(value) ? `"${value.replace(/[\\"]/g, '\\$&')}"` : value;
    default:
      // The same instant as node-postgres's own text for a date (local time with its offset); every array of
      // dates here is cast to timestamptz[].
      return value instanceof Date ? value.toISOString() : undefined;
  }
}

/**
 * A one-dimensional array of numbers, strings, booleans, dates and nulls as PostgreSQL's array literal, in one
 * join; undefined for anything else. node-postgres builds the same text element by element (each one
 * converted, searched twice for characters to escape, quoted and appended): at the engine's quiet writes
 * that was a fifth of all the server allocated (bench/README.md, the small end).
 */
export function arrayLiteral(values: readonly unknown[]): string | undefined {
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) {
    const part = element(values[i]);
    if (part === undefined) return undefined;
    parts[i] = part;
  }
  return `{${parts.join(',')}}`;
}

/**
 * One PostgreSQL array parameter (a check of 10,000 attributes stays a few parameters), sent as its literal
 * text; node-postgres converts what `arrayLiteral` does not take (nested arrays, buffers, objects).
 */
export const array = (values: unknown[]) => sql.param(arrayLiteral(values) ?? values);

/** A value for a `jsonb` column or array element; null stays SQL null. */
export const json = (value: unknown) =>
  value === undefined || value === null ? null : JSON.stringify(value);
