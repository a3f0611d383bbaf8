import { and, asc, eq, gt, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';

export type OutboxRow = typeof outbox.$inferSelect;
export type OutboxChannel = OutboxRow['channel'];
/** An e-mail written by a service itself (not made from a notification event). */
export type NewOutboxMessage = Pick<typeof outbox.$inferInsert, 'to' | 'subject' | 'text' | 'html' | 'kind'>;

export async function insertOutboxMessage(
  db: Db,
  message: NewOutboxMessage,
  status: 'pending' | 'kept',
): Promise<number> {
  const [row] = await db
    .insert(outbox)
    .values({ ...message, channel: 'email', status })
    .returning({ id: outbox.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** When the earliest pending row of a channel falls due (a retry, a lease that runs out); null for none. */
export async function nextAttemptAt(db: Db, channel: OutboxChannel): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | null>`min(${outbox.nextAttemptAt})`.mapWith(outbox.nextAttemptAt) })
    .from(outbox)
    .where(and(eq(outbox.channel, channel), eq(outbox.status, 'pending')));
  return row?.at ?? null;
}

/**
 * Claims up to `limit` due messages of one channel for this instance. The rows are locked with SKIP LOCKED while their
 * attempt count goes up and `next_attempt_at` moves `leaseSeconds` ahead, so another instance neither
 * waits for them nor takes them; if this instance dies mid-send, the lease runs out and they are retried.
 */
export async function claimDueMessages(
  db: Db,
  channel: OutboxChannel,
  limit: number,
  leaseSeconds: number,
): Promise<OutboxRow[]> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(eq(outbox.channel, channel), eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, sql`now()`)),
    )
    .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(outbox)
    .set({
      attempts: sql`${outbox.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})`,
    })
    .where(inArray(outbox.id, due))
    .returning();
}

export async function markMessageSent(db: Db, id: number): Promise<void> {
  await db
    .update(outbox)
    .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
    .where(eq(outbox.id, id));
}

/** Records a failed attempt: retried after `retryInSeconds`, or given up (`failed`) when that is null. */
export async function markMessageFailed(
  db: Db,
  id: number,
  error: string,
  retryInSeconds: number | null,
): Promise<void> {
  await db
    .update(outbox)
    .set(
      retryInSeconds === null
        ? { status: 'failed', lastError: error }
        : { lastError: error, nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})` },
    )
    .where(eq(outbox.id, id));
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
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        gt(outbox.id, afterId),
        ne(outbox.status, 'pending'),
        lt(outbox.createdAt, sql`now() - make_interval(days => ${olderThanDays})`),
      ),
    )
    .orderBy(asc(outbox.id))
    .limit(limit);
  const deleted = await db.delete(outbox).where(inArray(outbox.id, oldest)).returning({ id: outbox.id });
  return { deleted: deleted.length, lastId: Math.max(afterId, ...deleted.map((row) => row.id)) };
}
