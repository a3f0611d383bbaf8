import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from './client';

/**
 * Named prepared statements for the hottest statements (issue 28: the engine's claim, rules reads and
 * writes, the statistics rollup's batch): a statement whose text never changes (every value a parameter,
 * lists as whole array parameters) is parsed once per connection and then sent as Bind/Execute only,
 * instead of its whole text and a Parse at every call; PostgreSQL may then keep a generic plan for it
 * rather than plan it again at every call (it decides per statement, from the costs).
 * node-postgres keeps the statements it has parsed per connection (`name`), so a pool or a transaction's
 * connection is used the same way, and it refuses a name sent with another text than it parsed.
 */
const dialect = new PgDialect();

/**
 * The pg pool or connection under a drizzle database or transaction (drizzle's node-postgres session keeps
 * it as `client`: the pool for a database, the transaction's connection in a transaction).
 */
function clientOf(db: Db): pg.Pool | pg.ClientBase {
  const client = (db as unknown as { session?: { client?: pg.Pool | pg.ClientBase } }).session?.client;
  if (!client) throw new Error('no pg client under this drizzle database');
  return client;
}

/**
 * Runs drizzle's `statement` on `db` (a pool: any of its connections; a transaction: its own) as the
 * prepared statement `name`; its text must be the same at every call with that name.
 */
export function queryPrepared<R extends pg.QueryResultRow>(
  db: Db,
  name: string,
  statement: SQL,
): Promise<pg.QueryResult<R>> {
  const query = dialect.sqlToQuery(statement);
  return clientOf(db).query<R>({ name, text: query.sql, values: query.params });
}
