import { sql } from 'drizzle-orm';

/** A closed list of `@vaskedrift/shared` as SQL literals, for a CHECK constraint. */
export const sqlList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));
