import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from './client';

/**
 * Named prepared statements for the engine's hottest statements (issue 28, the small end): a statement
 * whose text never changes (every value a parameter, lists as whole array parameters) is parsed once per
 * connection and then sent as Bind/Execute only, instead of its whole text and a Parse at every call.
 * node-postgres keeps the statements it has parsed per connection (`name`), so a pool or a transaction's
 * connection is used the same way.
 */
export type Prepared = { name: string; text: string };

const dialect = new PgDialect();

/** A drizzle statement's SQL text and its parameters, as `db.execute` would send them. */
export function textOf(statement: SQL): { text: string; params: unknown[] } {
  const query = dialect.sqlToQuery(statement);
  return { text: query.sql, params: query.params };
}

/**
 * The pg pool or connection under a drizzle database or transaction (drizzle's node-postgres session keeps
 * it as `client`: the pool for a database, the transaction's connection in a transaction).
 */
function clientOf(db: Db): pg.Pool | pg.ClientBase {
  const client = (db as unknown as { session?: { client?: pg.Pool | pg.ClientBase } }).session?.client;
  if (!client) throw new Error('no pg client under this drizzle database');
  return client;
}

/** Runs a prepared statement with `values` on `db` (a pool: any of its connections; a transaction: its own). */
export function queryPrepared<R extends pg.QueryResultRow>(
  db: Db,
  statement: Prepared,
  values: unknown[],
): Promise<pg.QueryResult<R>> {
  return clientOf(db).query<R>({ name: statement.name, text: statement.text, values });
}
