import { getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryPrepared } from '../../db/prepared';
import { apis } from '../../db/schema';
import { API_BUCKET_SQL } from './affinity';

/* The scheduler's SQL: claiming due APIs, and bringing slots a clock put back within reach again. */

/** An API with everything a check needs, its secrets still sealed. */
export type StoredApi = typeof apis.$inferSelect;

export type ClaimedApi = StoredApi & { dueAt: Date; claimedAt: Date; bucket: number };

/** What this instance owns (decision 041): its buckets, and how late another's API must be to take it. */
export type ClaimAffinity = { owned: Buffer; graceSeconds: number };

/** A claim's APIs, and how soon the next API it may claim will be due (null: none is). */
export type Claim = { claimed: ClaimedApi[]; nextDueInMs: number | null };

const columns = Object.entries(getTableColumns(apis));

/** A row of `apis` as PostgreSQL returns it (snake_case, from the driver) as drizzle's select would. */
function storedApi(row: Record<string, unknown>): StoredApi {
  const api: Record<string, unknown> = {};
  for (const [key, column] of columns) {
    const value = row[column.name];
    api[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return api as StoredApi;
}

/**
 * Claims up to `limit` due APIs for this instance by moving their `next_check_at` forward in the same
 * statement that finds them (`FOR UPDATE SKIP LOCKED`): another instance neither waits for nor sees a
 * claimed row as due. The next slot keeps the API's phase (due + k·interval), at least half an interval
 * away, so a late or restarted scheduler checks each overdue API once, not once per missed slot.
 *
 * With `affinity` only the APIs of the instance's own buckets are claimed as soon as they are due; any
 * other is claimed once it has been due for `graceSeconds` (its owner is gone, not yet known to be, or
 * behind), so no check waits for an instance that died. Without it (checks driven by hand) every due API.
 *
 * The same statement answers how soon the scheduler has to claim again (decision 009, Sleeping until
 * due): the earliest of the next slots it just set, the next of its APIs not yet due (by the index on
 * `next_check_at`, a few rows), and the end of the grace of another's API that is due but not yet
 * claimed (its owner behind). Another's API that falls due later is not looked for: its owner claims it,
 * or, gone, is taken over at this instance's next claim after the grace.
 */
export async function claimDueApis(db: Db, limit: number, affinity?: ClaimAffinity): Promise<Claim> {
  // A prepared statement (issue 28, the small end: it runs four times a second), one a variant.
  const name = affinity ? 'vd_claim_affinity' : 'vd_claim_all';
  const { rows } = await queryPrepared<Record<string, unknown>>(db, name, claimSql(limit, affinity));
  const first = rows[0];
  return {
    claimed: first?.id
      ? rows.map((r) => ({
          ...storedApi(r),
          dueAt: new Date(r.due_at as Date | string),
          claimedAt: new Date(r.claimed_at as Date | string),
          bucket: Number(r.bucket),
        }))
      : [],
    nextDueInMs: first?.next_due_in_ms == null ? null : Number(first.next_due_in_ms),
  };
}

/** The claim's SQL, with or without affinity: two texts, every value a parameter. */
function claimSql(limit: number, affinity?: ClaimAffinity) {
  const owned = affinity ? sql`get_bit(${affinity.owned}::bytea, ${sql.raw(API_BUCKET_SQL)}) = 1` : sql`true`;
  const grace = affinity ? sql`make_interval(secs => ${affinity.graceSeconds})` : sql`interval '0'`;
  // An instance that owns every bucket (alone) has no other's API to wait for: the last subquery would walk
  // every API late within the grace looking for one (in a backlog, all of them: issue 28). A parameter, so
  // the text stays one prepared statement; PostgreSQL then skips the subquery (a one-time filter).
  const others = affinity ? sql`${!ownsEveryBucket(affinity.owned)}::boolean` : sql`false`;
  const claimable = sql`status = 'enabled' and deleted_at is null`;
  return sql`
    with due as (
      select id, next_check_at, ${sql.raw(API_BUCKET_SQL)} as bucket from ${apis}
      where ${claimable} and next_check_at <= now() and (${owned} or next_check_at <= now() - ${grace})
      order by next_check_at
      limit ${limit}
      for update skip locked
    ),
    claimed as (
      update ${apis} a
      set next_check_at = due.next_check_at + make_interval(secs => a.check_interval *
        (1 + floor((extract(epoch from now() - due.next_check_at) + a.check_interval / 2.0) / a.check_interval)))
      from due where a.id = due.id
      returning a.*, due.next_check_at as due_at, now() as claimed_at, due.bucket as bucket
    ),
    soonest as (
      select extract(epoch from least(
        (select min(next_check_at) from claimed),
        (select next_check_at from ${apis} where ${claimable} and next_check_at > now() and ${owned}
          order by next_check_at limit 1),
        (select next_check_at + ${grace} from ${apis}
          where ${others} and ${claimable} and next_check_at <= now() and next_check_at > now() - ${grace} and not (${owned})
          order by next_check_at limit 1)
      ) - now()) * 1000 as next_due_in_ms
    )
    select claimed.*, soonest.next_due_in_ms from soonest left join claimed on true`;
}

function ownsEveryBucket(owned: Buffer): boolean {
  return owned.every((byte) => byte === 0xff);
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
