import { type Column, getTableName, type SQL, sql } from 'drizzle-orm';

/**
 * `"table"."column"`. Drizzle writes a column inside a `sql` template without its table, which inside a
 * correlated subquery silently binds to a same-named column of the inner table. Outer references there
 * must be qualified.
 */
export function qualified(column: Column): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
