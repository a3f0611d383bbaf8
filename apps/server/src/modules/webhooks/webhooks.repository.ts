import type { Webhook, WebhookDelivery, WebhookTag } from '@vaskedrift/shared';
import { desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { webhookAttempts, webhooks } from '../../db/schema';
import { byName, containsPattern, pageWindow, totalCount } from '../../lib/list-query';

type WebhookRow = typeof webhooks.$inferSelect;
type LastDelivery = NonNullable<Webhook['lastDelivery']>;

function toWebhook(row: WebhookRow, lastDelivery: LastDelivery | undefined): Webhook {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    hasSecret: true,
    tags: row.tags as WebhookTag[],
    enabled: row.enabled,
    failingSince: row.failingSince?.toISOString() ?? null,
    disabledReason: row.disabledReason,
    lastDelivery: lastDelivery ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The newest attempt of each webhook, one query for a page of them. */
async function lastDeliveries(db: Db, ids: string[]): Promise<Map<string, LastDelivery>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([webhookAttempts.webhookId], {
      webhookId: webhookAttempts.webhookId,
      at: webhookAttempts.at,
      ok: webhookAttempts.ok,
      httpStatus: webhookAttempts.httpStatus,
    })
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.webhookId, ids))
    .orderBy(webhookAttempts.webhookId, desc(webhookAttempts.at), desc(webhookAttempts.id));
  return new Map(
    rows.map((r) => [r.webhookId, { at: r.at.toISOString(), ok: r.ok, httpStatus: r.httpStatus }]),
  );
}

async function withLastDelivery(db: Db, rows: WebhookRow[]): Promise<Webhook[]> {
  const last = await lastDeliveries(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toWebhook(row, last.get(row.id)));
}

/** Past the last page there is no row to carry the total: counted separately only then. */
async function countRows(db: Db, table: typeof webhooks | typeof webhookAttempts, where: SQL | undefined) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table).where(where);
  return row?.n ?? 0;
}

export async function findWebhook(db: Db, id: string): Promise<Webhook | undefined> {
  const rows = await db.select().from(webhooks).where(eq(webhooks.id, id));
  return (await withLastDelivery(db, rows))[0];
}

/** What 'Send test' needs: the URL and the sealed secret. */
export async function findWebhookTarget(db: Db, id: string) {
  const [row] = await db
    .select({ id: webhooks.id, url: webhooks.url, secret: webhooks.secret })
    .from(webhooks)
    .where(eq(webhooks.id, id));
  return row;
}

export async function listWebhooks(db: Db, query: { page: number; perPage: number; search?: string }) {
  const search = query.search ? containsPattern(query.search) : null;
  const where: SQL | undefined = search
    ? or(ilike(webhooks.name, search), ilike(webhooks.url, search))
    : undefined;
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select({ row: webhooks, total: totalCount() })
    .from(webhooks)
    .where(where)
    .orderBy(byName(webhooks.name), webhooks.id)
    .limit(limit)
    .offset(offset);
  const count = rows[0]?.total ?? (offset > 0 ? await countRows(db, webhooks, where) : 0);
  return {
    data: await withLastDelivery(
      db,
      rows.map((r) => r.row),
    ),
    count,
  };
}

export type WebhookValues = Pick<WebhookRow, 'name' | 'url' | 'secret' | 'tags' | 'enabled'>;

export async function insertWebhook(db: Db, values: WebhookValues): Promise<{ id: string; name: string }> {
  const [row] = await db.insert(webhooks).values(values).returning({ id: webhooks.id, name: webhooks.name });
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Changes a webhook; enabling it (again) starts afresh: no run of failures, no reason for being off. */
export async function updateWebhook(db: Db, id: string, values: Partial<WebhookValues>) {
  const [row] = await db
    .update(webhooks)
    .set({
      ...values,
      ...(values.enabled === true ? { failingSince: null, disabledReason: null } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(webhooks.id, id))
    .returning({ id: webhooks.id, name: webhooks.name });
  return row;
}

/** Deletes it with its pending deliveries and its delivery log (both cascade). */
export async function deleteWebhook(db: Db, id: string) {
  const [row] = await db
    .delete(webhooks)
    .where(eq(webhooks.id, id))
    .returning({ id: webhooks.id, name: webhooks.name });
  return row;
}

/** A page of one webhook's delivery log, newest first. */
export async function listDeliveries(
  db: Db,
  webhookId: string,
  query: { page: number; perPage: number },
): Promise<{ data: WebhookDelivery[]; count: number }> {
  const { limit, offset } = pageWindow(query);
  const where = eq(webhookAttempts.webhookId, webhookId);
  const rows = await db
    .select({
      id: webhookAttempts.id,
      eventType: webhookAttempts.eventType,
      at: webhookAttempts.at,
      ok: webhookAttempts.ok,
      httpStatus: webhookAttempts.httpStatus,
      durationMs: webhookAttempts.durationMs,
      error: webhookAttempts.error,
      total: totalCount(),
    })
    .from(webhookAttempts)
    .where(where)
    .orderBy(desc(webhookAttempts.at), desc(webhookAttempts.id))
    .limit(limit)
    .offset(offset);
  const count = rows[0]?.total ?? (offset > 0 ? await countRows(db, webhookAttempts, where) : 0);
  return { data: rows.map(({ total: _, ...r }) => ({ ...r, at: r.at.toISOString() })), count };
}
