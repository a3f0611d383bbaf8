import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Takes a transaction-level advisory lock if no one holds it. Periodic jobs that every instance runs
 * (readings maintenance, housekeeping) take one per round: one instance does the round, the others skip
 * it, and the lock goes with the transaction, also when its connection dies.
 */
export async function tryAdvisoryXactLock(tx: Db, key: number): Promise<boolean> {
  const { rows } = await tx.execute<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock(${key}) as ok`);
  return rows[0]?.ok === true;
}
