import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * A read's view of the database: by default each statement sees what was committed when it began; with
 * `repeatable` the whole transaction sees one snapshot, and with `snapshot` (from `pg_export_snapshot()`
 * in another such transaction still open) the same one as that transaction.
 */
export type ReadView = { repeatable?: true; snapshot?: string };

/** What `pg_export_snapshot()` answers (`00000003-0000001B-1`), checked before it is put into a statement. */
const SNAPSHOT_ID = /^[0-9A-F]+-[0-9A-F]+(-[0-9]+)?$/;

/**
 * Runs `read` in one read-only transaction on one connection, each statement bounded by `timeoutMs`: a
 * statement past it is cancelled by PostgreSQL (`isStatementTimeout`), and the connection is back in the
 * pool at once instead of when the query would have ended (decision 029).
 */
export function boundedRead<T>(
  db: Db,
  timeoutMs: number,
  read: (tx: Db) => Promise<T>,
  view: ReadView = {},
): Promise<T> {
  if (view.snapshot !== undefined && !SNAPSHOT_ID.test(view.snapshot)) {
    throw new Error(`not a snapshot id: ${view.snapshot}`);
  }
  const repeatable = view.repeatable || view.snapshot !== undefined;
  return db.transaction(
    async (tx) => {
      // Before any other statement of the transaction, as PostgreSQL requires.
      if (view.snapshot !== undefined)
        await tx.execute(sql.raw(`set transaction snapshot '${view.snapshot}'`));
      await tx.execute(sql`select set_config('statement_timeout', ${String(Math.round(timeoutMs))}, true)`);
      return read(tx);
    },
    { accessMode: 'read only', ...(repeatable ? { isolationLevel: 'repeatable read' as const } : {}) },
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
