import { getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apis } from '../../db/schema';
import { API_BUCKET_SQL } from './affinity';

/* The scheduler's SQL: claiming due APIs, and bringing slots a clock put back within reach again. */

/** An API with everything a check needs, its secrets still sealed. */
export type StoredApi = typeof apis.$inferSelect;

export type ClaimedApi = StoredApi & { dueAt: Date; claimedAt: Date; bucket: number };

/** What this instance owns (decision 041): its buckets, and how late another's API must be to take it. */
export type ClaimAffinity = { owned: Buffer; graceSeconds: number };

/**
 * Claims up to `limit` due APIs for this instance by moving their `next_check_at` forward in the same
 * statement that finds them (`FOR UPDATE SKIP LOCKED`): another instance neither waits for nor sees a
 * claimed row as due. The next slot keeps the API's phase (due + k·interval), at least half an interval
 * away, so a late or restarted scheduler checks each overdue API once, not once per missed slot.
 *
 * With `affinity` only the APIs of the instance's own buckets are claimed as soon as they are due; any
 * other is claimed once it has been due for `graceSeconds` (its owner is gone, not yet known to be, or
 * behind), so no check waits for an instance that died. Without it (checks driven by hand) every due API.
 */
export async function claimDueApis(db: Db, limit: number, affinity?: ClaimAffinity): Promise<ClaimedApi[]> {
  const mine = affinity
    ? sql`and (get_bit(${affinity.owned}::bytea, ${sql.raw(API_BUCKET_SQL)})= 1
             or next_check_at <= now() - make_interval(secs => ${affinity.graceSeconds}))`
    : sql``;
  const claimed = await db
    .update(apis)
    .set({
      nextCheckAt: sql`due.next_check_at + make_interval(secs => ${apis.checkInterval} *
        (1 + floor((extract(epoch from now() - due.next_check_at) + ${apis.checkInterval} / 2.0) / ${apis.checkInterval})))`,
    })
    .from(sql`(
      select id, next_check_at, ${sql.raw(API_BUCKET_SQL)} as bucket from ${apis}
      where status = 'enabled' and deleted_at is null and next_check_at <= now() ${mine}
      order by next_check_at
      limit ${limit}
      for update skip locked
    ) as due`)
    .where(sql`${apis.id} = due.id`)
    .returning({
      ...getTableColumns(apis),
      dueAt: sql<Date | string>`due.next_check_at`,
      claimedAt: sql<Date | string>`now()`,
      bucket: sql<number>`due.bucket`,
    });
  return claimed.map((r) => ({ ...r, dueAt: new Date(r.dueAt), claimedAt: new Date(r.claimedAt) }));
}

/**
 * Brings every `next_check_at` that lies more than one and a half intervals ahead — further than a claim
 * ever puts it, so the database's clock has gone back since (decision 030) — to within one interval of
 * now, by whole intervals, so each API keeps its phase and the APIs stay spread as they were. Without it a
 * clock put back an hour would stop every check for that hour. Rows being claimed are skipped (SKIP
 * LOCKED) and taken at the next round; the first condition (no interval is under 30 s) lets the partial
 * index on `next_check_at` narrow the scan. Returns how many APIs were moved.
 */
export async function rephaseFutureChecks(db: Db): Promise<number> {
  const result = await db.execute(sql`
    with ahead as (
      select id from ${apis}
      where status = 'enabled' and deleted_at is null
        and next_check_at > now() + interval '45 seconds'
        and next_check_at > now() + make_interval(secs => check_interval * 1.5)
      for update skip locked
    )
    update ${apis} a
    set next_check_at = a.next_check_at - make_interval(secs => a.check_interval *
      (ceil(extract(epoch from a.next_check_at - now()) / a.check_interval) - 1))
    from ahead where a.id = ahead.id`);
  return result.rowCount ?? 0;
}
