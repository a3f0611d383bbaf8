import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outbox, webhookAttempts, webhooks } from '../../db/schema';

/** What a delivery needs of a webhook; `secret` still sealed. */
export type DeliveryTarget = Pick<
  typeof webhooks.$inferSelect,
  'id' | 'name' | 'url' | 'secret' | 'enabled' | 'failingSince'
>;

export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;
export type NewWebhookAttempt = Omit<typeof webhookAttempts.$inferInsert, 'id' | 'at'>;

/** The webhooks of a batch of deliveries, by id; a deleted one is missing. */
export async function findDeliveryTargets(db: Db, ids: string[]): Promise<Map<string, DeliveryTarget>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: webhooks.id,
      name: webhooks.name,
      url: webhooks.url,
      secret: webhooks.secret,
      enabled: webhooks.enabled,
      failingSince: webhooks.failingSince,
    })
    .from(webhooks)
    .where(inArray(webhooks.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function insertAttempt(db: Db, attempt: NewWebhookAttempt): Promise<WebhookAttemptRow> {
  const [row] = await db.insert(webhookAttempts).values(attempt).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** A success ends the run of failures. */
export async function clearFailing(db: Db, id: string): Promise<void> {
  await db
    .update(webhooks)
    .set({ failingSince: null })
    .where(and(eq(webhooks.id, id), isNotNull(webhooks.failingSince)));
}

/** Starts a run of failures at `now` unless one is running; answers when the run began. */
export async function markFailing(db: Db, id: string, now: Date): Promise<Date | null> {
  const [row] = await db
    .update(webhooks)
    .set({ failingSince: sql`coalesce(${webhooks.failingSince}, ${now.toISOString()}::timestamptz)` })
    .where(eq(webhooks.id, id))
    .returning({ failingSince: webhooks.failingSince });
  return row?.failingSince ?? null;
}

/**
 * Turns off a webhook still enabled and failing since `failingBefore` or earlier, and gives up its pending
 * deliveries. Undefined when another instance, a success or an admin got there first: only one caller
 * tells the admins.
 */
export async function disableFailingWebhook(db: Db, id: string, failingBefore: Date, reason: string) {
  const [row] = await db
    .update(webhooks)
    .set({ enabled: false, disabledReason: reason, updatedAt: sql`now()` })
    .where(
      and(
        eq(webhooks.id, id),
        eq(webhooks.enabled, true),
        lte(webhooks.failingSince, sql`${failingBefore.toISOString()}::timestamptz`),
      ),
    )
    .returning({
      id: webhooks.id,
      name: webhooks.name,
      url: webhooks.url,
      failingSince: webhooks.failingSince,
    });
  if (!row) return undefined;
  await db
    .update(outbox)
    .set({ status: 'failed', lastError: reason })
    .where(and(eq(outbox.webhookId, id), eq(outbox.status, 'pending')));
  return row;
}

/** Deletes up to `limit` delivery-log rows older than `olderThanDays`, oldest first (housekeeping). */
export async function deleteOldAttempts(db: Db, olderThanDays: number, limit: number): Promise<number> {
  const oldest = db
    .select({ id: webhookAttempts.id })
    .from(webhookAttempts)
    .where(sql`${webhookAttempts.at} < now() - make_interval(days => ${olderThanDays})`)
    .orderBy(webhookAttempts.id)
    .limit(limit);
  const deleted = await db
    .delete(webhookAttempts)
    .where(inArray(webhookAttempts.id, oldest))
    .returning({ id: webhookAttempts.id });
  return deleted.length;
}
