import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Runs `read` in one read-only transaction on one connection, each statement bounded by `timeoutMs`: a
 * statement past it is cancelled by PostgreSQL (`isStatementTimeout`), and the connection is back in the
 * pool at once instead of when the query would have ended (decision 029).
 */
export function boundedRead<T>(db: Db, timeoutMs: number, read: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(
    async (tx) => {
      await tx.execute(sql`select set_config('statement_timeout', ${String(Math.round(timeoutMs))}, true)`);
      return read(tx);
    },
    { accessMode: 'read only' },
  );
}

/** PostgreSQL's `query_canceled` (57014): a statement ran past `statement_timeout`. Follows `cause`. */
export function isStatementTimeout(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === '57014') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
