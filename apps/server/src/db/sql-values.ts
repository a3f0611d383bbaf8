import { sql } from 'drizzle-orm';

/** pg sends a JS array as one PostgreSQL array parameter: a check of 10,000 attributes stays a few parameters. */
export const array = (values: unknown[]) => sql.param(values);

/** A value for a `jsonb` column or array element; null stays SQL null. */
export const json = (value: unknown) =>
  value === undefined || value === null ? null : JSON.stringify(value);
