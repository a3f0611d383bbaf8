import { type AnyColumn, asc, desc, type SQL, sql } from 'drizzle-orm';

/** `%search%` for ILIKE with the user's own `%`, `_` and `\` taken literally. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** LIMIT/OFFSET of a 1-based page. */
export function pageWindow({ page, perPage }: { page: number; perPage: number }) {
  return { limit: perPage, offset: (page - 1) * perPage };
}

/**
 * A name or title in Norwegian order: Æ, Ø and Å after Z, digits by value, case only breaking ties
 * (the `norwegian` collation of migration 0008; docs/decisions/017-norwegian-sorting.md).
 */
export function byName(column: AnyColumn | SQL): SQL {
  return sql`${column} collate "norwegian"`;
}

export function ordered(column: AnyColumn | SQL | SQL.Aliased, direction: 'asc' | 'desc' = 'asc'): SQL {
  return direction === 'desc' ? desc(column) : asc(column);
}

/** The number of rows the filtered query has in all, beside each row of the page: one query, not two. */
export const totalCount = () => sql<number>`(count(*) over())::int`;
