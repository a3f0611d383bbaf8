import type { Role } from '@vaskedrift/shared';
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { alerts, outbox, users, webPushActionTokens, webPushDevices, webPushKeys } from '../../db/schema';

export type WebPushDeviceRow = typeof webPushDevices.$inferSelect;

/** The stored key pair; null before the first start made one. */
export async function findKeys(db: Db): Promise<{ publicKey: string; privateKey: string } | null> {
  const [row] = await db.select().from(webPushKeys).limit(1);
  return row ? { publicKey: row.publicKey, privateKey: row.privateKey } : null;
}

/** Stores a pair unless another instance stored one first; either way answers the one stored. */
export async function insertKeysOnce(
  db: Db,
  keys: { publicKey: string; privateKey: string },
): Promise<{ publicKey: string; privateKey: string }> {
  await db.insert(webPushKeys).values(keys).onConflictDoNothing();
  const stored = await findKeys(db);
  if (!stored) throw new Error('web_push_keys: no row after insert');
  return stored;
}

export function listDevices(db: Db, userId: string): Promise<WebPushDeviceRow[]> {
  return db
    .select()
    .from(webPushDevices)
    .where(eq(webPushDevices.userId, userId))
    .orderBy(asc(webPushDevices.createdAt), asc(webPushDevices.id));
}

/** Upsert by endpoint: the same browser subscribing again updates its row and binds it to this user. */
export async function upsertDevice(
  db: Db,
  input: { userId: string; endpoint: string; p256dh: string; auth: string; label: string },
): Promise<WebPushDeviceRow> {
  const [row] = await db
    .insert(webPushDevices)
    .values(input)
    .onConflictDoUpdate({
      target: webPushDevices.endpoint,
      set: {
        userId: input.userId,
        p256dh: input.p256dh,
        auth: input.auth,
        label: input.label,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}

/** Deletes one device of this user; null when it is not theirs (or gone). */
export async function deleteOwnDevice(db: Db, userId: string, id: string): Promise<WebPushDeviceRow | null> {
  const [row] = await db
    .delete(webPushDevices)
    .where(and(eq(webPushDevices.id, id), eq(webPushDevices.userId, userId)))
    .returning();
  return row ?? null;
}

/** The push service said the subscription is gone (404/410): the device goes. */
export async function deleteDeviceById(db: Db, id: string): Promise<WebPushDeviceRow | null> {
  const [row] = await db.delete(webPushDevices).where(eq(webPushDevices.id, id)).returning();
  return row ?? null;
}

/**
 * The rows the push services accepted, and their devices' last success, in one transaction. A batch's ids
 * go as one array parameter each (so do `findSendTargets`'): 200 bound values cost the query builder more
 * than the statement costs PostgreSQL.
 */
export async function markPushesSent(db: Db, outboxIds: number[], deviceIds: string[]): Promise<void> {
  if (outboxIds.length === 0) return;
  await db.transaction(async (tx) => {
    await tx
      .update(outbox)
      .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
      .where(sql`${outbox.id} = any(${sql.param(outboxIds)}::bigint[])`);
    await tx
      .update(webPushDevices)
      .set({ lastSuccessAt: sql`now()` })
      .where(sql`${webPushDevices.id} = any(${sql.param(deviceIds)}::uuid[])`);
  });
}

/** What a send needs of each device and its user: the subscription, the user's role, password and state. */
export type SendTarget = {
  device: WebPushDeviceRow;
  role: Role;
  disabled: boolean;
  passwordHash: string;
};

export async function findSendTargets(db: Db, deviceIds: string[]): Promise<Map<string, SendTarget>> {
  if (deviceIds.length === 0) return new Map();
  const rows = await db
    .select({
      device: webPushDevices,
      role: users.role,
      disabledAt: users.disabledAt,
      passwordHash: users.passwordHash,
    })
    .from(webPushDevices)
    .innerJoin(users, eq(users.id, webPushDevices.userId))
    .where(sql`${webPushDevices.id} = any(${sql.param(deviceIds)}::uuid[])`);
  return new Map(
    rows.map((row) => [
      row.device.id,
      {
        device: row.device,
        role: row.role,
        disabled: row.disabledAt !== null,
        passwordHash: row.passwordHash,
      },
    ]),
  );
}

/** The alerts among `ids` still open now. */
export async function openAlertIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: alerts.id })
    .from(alerts)
    .where(and(inArray(alerts.id, ids), isNull(alerts.resolvedAt)));
  return new Set(rows.map((row) => row.id));
}

/** A batch's action tokens in one statement over arrays, all with one expiry. */
export async function insertActionTokens(
  db: Db,
  rows: Array<{ tokenHash: string; userId: string; alertId: string; passwordStamp: string }>,
  expiresAt: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into ${webPushActionTokens} (expires_at, token_hash, user_id, alert_id, password_stamp)
    select ${expiresAt.toISOString()}::timestamptz, * from unnest(
      ${sql.param(rows.map((row) => row.tokenHash))}::text[], ${sql.param(rows.map((row) => row.userId))}::uuid[],
      ${sql.param(rows.map((row) => row.alertId))}::uuid[], ${sql.param(rows.map((row) => row.passwordStamp))}::text[])`);
}

/** A token and the state of its user now, or null when no token has this hash. */
export async function findActionToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      token: webPushActionTokens,
      role: users.role,
      disabledAt: users.disabledAt,
      passwordHash: users.passwordHash,
      /** A session of the user from before the token was made that still lives (sign-out everywhere ends them all). */
      sessionId: sql<string | null>`(
        select s.id from auth_sessions s
        where s.user_id = ${webPushActionTokens.userId} and s.created_at <= ${webPushActionTokens.createdAt}
        order by s.created_at desc limit 1
      )`,
    })
    .from(webPushActionTokens)
    .innerJoin(users, eq(users.id, webPushActionTokens.userId))
    .where(eq(webPushActionTokens.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/** Uses the token once: only the first caller while it is unused and unexpired gets true. */
export async function consumeActionToken(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(webPushActionTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(webPushActionTokens.id, id),
        isNull(webPushActionTokens.usedAt),
        sql`${webPushActionTokens.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: webPushActionTokens.id });
  return rows.length > 0;
}

/**
 * Deletes up to `limit` action tokens that expired more than a day ago (the daily housekeeping): a refusal
 * within that day can still say 'expired' rather than 'unknown'.
 */
export async function deleteExpiredActionTokens(db: Db, limit: number): Promise<number> {
  const oldest = db
    .select({ id: webPushActionTokens.id })
    .from(webPushActionTokens)
    .where(lt(webPushActionTokens.expiresAt, sql`now() - interval '1 day'`))
    .orderBy(asc(webPushActionTokens.id))
    .limit(limit);
  const rows = await db
    .delete(webPushActionTokens)
    .where(inArray(webPushActionTokens.id, oldest))
    .returning({ id: webPushActionTokens.id });
  return rows.length;
}

/** One push outbox row: one event to one device of one user. */
export type NewWebPushRow = {
  eventId: number;
  deviceId: string;
  userId: string;
  kind: string;
  title: string;
  payload: string;
};

/**
 * One row per (event, device); a row already there (a second dispatcher) is left alone. One statement over
 * arrays (`unnest`), as the e-mails of the same dispatch are written. A payload is rendered once per
 * audience, so the rows' contents (title, payload, kind) go once each and every row names its content by
 * number: a round of 1,000 devices sends one payload, not 1,000 copies of it (issue 27).
 */
export async function insertPushRows(tx: Db, rows: NewWebPushRow[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  const contents = new Map<string, number>();
  const titles: string[] = [];
  const payloads: string[] = [];
  const kinds: string[] = [];
  const contentOf = rows.map((row) => {
    const key = `${row.kind}\0${row.title}\0${row.payload}`;
    let at = contents.get(key);
    if (at === undefined) {
      at = titles.push(row.title);
      payloads.push(row.payload);
      kinds.push(`notification/${row.kind}`);
      contents.set(key, at);
    }
    return at;
  });
  const column = <T>(pick: (row: NewWebPushRow) => T) => sql.param(rows.map(pick));
  await tx.execute(sql`
    insert into ${outbox} (channel, status, created_at, event_id, recipient_key, "to", subject, text, kind)
    select 'web_push', 'pending', ${now.toISOString()}::timestamptz, r.event_id, r.device_id, r.user_id,
      (${sql.param(titles)}::text[])[r.content], (${sql.param(payloads)}::text[])[r.content],
      (${sql.param(kinds)}::text[])[r.content]
    from unnest(${column((row) => row.eventId)}::bigint[], ${column((row) => row.deviceId)}::text[],
      ${column((row) => row.userId)}::text[], ${sql.param(contentOf)}::int[])
      as r(event_id, device_id, user_id, content)
    on conflict do nothing`);
}

/** The devices of these users. */
export async function devicesOfUsers(tx: Db, userIds: string[]): Promise<WebPushDeviceRow[]> {
  if (userIds.length === 0) return [];
  return tx
    .select()
    .from(webPushDevices)
    .where(sql`${webPushDevices.userId} = any(${sql.param(userIds)}::uuid[])`);
}

/**
 * The alert a notification's 'Jeg ser på det' acknowledges, per incident: an open alert of it, critical
 * first, then the oldest (acknowledging one acknowledges the incident's other open alerts, decision 033).
 */
export async function openAlertOfIncidents(tx: Db, incidentIds: string[]): Promise<Map<string, string>> {
  if (incidentIds.length === 0) return new Map();
  const result = await tx.execute<{ incident_id: string; id: string }>(sql`
    select distinct on (a.incident_id) a.incident_id, a.id
    from alerts a
    where a.incident_id = any(${`{${incidentIds.join(',')}}`}::uuid[]) and a.resolved_at is null
    order by a.incident_id, (a.level = 'critical') desc, a.opened_at, a.id`);
  return new Map(result.rows.map((row) => [row.incident_id, row.id]));
}
