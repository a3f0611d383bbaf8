import { and, asc, eq, gt, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailOutbox } from '../db/schema';

export type OutboxRow = typeof emailOutbox.$inferSelect;
export type NewOutboxMessage = Pick<
  typeof emailOutbox.$inferInsert,
  'to' | 'subject' | 'text' | 'html' | 'kind'
>;

export async function insertOutboxMessage(
  db: Db,
  message: NewOutboxMessage,
  status: 'pending' | 'kept',
): Promise<number> {
  const [row] = await db
    .insert(emailOutbox)
    .values({ ...message, status })
    .returning({ id: emailOutbox.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/**
 * Claims up to `limit` due messages for this instance. The rows are locked with SKIP LOCKED while their
 * attempt count goes up and `next_attempt_at` moves `leaseSeconds` ahead, so another instance neither
 * waits for them nor takes them; if this instance dies mid-send, the lease runs out and they are retried.
 */
export async function claimDueMessages(db: Db, limit: number, leaseSeconds: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(emailOutbox)
    .set({
      attempts: sql`${emailOutbox.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})`,
    })
    .where(inArray(emailOutbox.id, due))
    .returning();
}

export async function markMessageSent(db: Db, id: number): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
    .where(eq(emailOutbox.id, id));
}

/** Records a failed attempt: retried after `retryInSeconds`, or given up (`failed`) when that is null. */
export async function markMessageFailed(
  db: Db,
  id: number,
  error: string,
  retryInSeconds: number | null,
): Promise<void> {
  await db
    .update(emailOutbox)
    .set(
      retryInSeconds === null
        ? { status: 'failed', lastError: error }
        : { lastError: error, nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})` },
    )
    .where(eq(emailOutbox.id, id));
}

/**
 * Deletes up to `limit` messages written more than `olderThanDays` ago that are done with (sent, kept or
 * given up), oldest first, after id `afterId`. Pending messages stay whatever their age: they are still to
 * be sent. The next batch passes the `lastId` this one returns, so it starts past the index entries this
 * one left dead instead of walking over them again.
 */
export async function deleteFinishedMessages(
  db: Db,
  olderThanDays: number,
  limit: number,
  afterId: number,
): Promise<{ deleted: number; lastId: number }> {
  const oldest = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        gt(emailOutbox.id, afterId),
        ne(emailOutbox.status, 'pending'),
        lt(emailOutbox.createdAt, sql`now() - make_interval(days => ${olderThanDays})`),
      ),
    )
    .orderBy(asc(emailOutbox.id))
    .limit(limit);
  const deleted = await db
    .delete(emailOutbox)
    .where(inArray(emailOutbox.id, oldest))
    .returning({ id: emailOutbox.id });
  return { deleted: deleted.length, lastId: Math.max(afterId, ...deleted.map((row) => row.id)) };
}
