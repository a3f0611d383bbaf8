import { REFRESH_REUSE_GRACE_SECONDS } from '@vaskedrift/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { qualified } from '../../db/qualified';
import {
  authRateLimits,
  authSessions,
  mfaFactors,
  refreshTokens,
  type UserRow,
  users,
} from '../../db/schema';
import { randomToken, sha256 } from '../../lib/crypto';

export type SessionRow = typeof authSessions.$inferSelect;

export async function insertSession(
  db: Db,
  input: { userId: string; userAgent: string | null; ip: string | null },
): Promise<SessionRow> {
  const [row] = await db.insert(authSessions).values(input).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Issues a new refresh token in a session and returns it in clear (only its hash is kept). */
export async function issueRefreshToken(db: Db, sessionId: string, parentId: number | null = null) {
  const token = randomToken(32);
  await db.insert(refreshTokens).values({ tokenHash: sha256(token), sessionId, parentId });
  return token;
}

/**
 * The live session with its user, or nothing if the session was ended. `hasVerifiedFactor` tells whether
 * the user must pass a TOTP challenge before this session (if aal1) may use the API.
 */
export async function findSessionWithUser(
  db: Db,
  sessionId: string,
  userId: string,
): Promise<{ session: SessionRow; user: UserRow; hasVerifiedFactor: boolean } | undefined> {
  const [row] = await db
    .select({
      session: authSessions,
      user: users,
      hasVerifiedFactor: sql<boolean>`exists (select 1 from ${mfaFactors} where ${mfaFactors.userId} = ${qualified(users.id)} and ${mfaFactors.status} = 'verified')`,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId)))
    .limit(1);
  return row;
}

export type RefreshOutcome =
  | { kind: 'not_found' }
  | { kind: 'reused'; sessionId: string; userId: string }
  | { kind: 'disabled'; sessionId: string; userId: string }
  | { kind: 'ok'; refreshToken: string; session: SessionRow; user: UserRow };

/**
 * Exchanges a refresh token for a new one. A token already exchanged is answered with a new token
 * inside the grace window; later, it is taken as stolen and the whole session is revoked.
 */
export function rotateRefreshToken(db: Db, token: string): Promise<RefreshOutcome> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({
        token: refreshTokens,
        session: authSessions,
        user: users,
        // On the clock that stamped `revoked_at` (decision 030); either way round: the second of two
        // racing refreshes began its transaction, and so its `now()`, before the first committed.
        inGrace: sql<boolean>`coalesce(abs(extract(epoch from now() - ${refreshTokens.revokedAt})) <= ${REFRESH_REUSE_GRACE_SECONDS}, false)`,
      })
      .from(refreshTokens)
      .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
      .innerJoin(users, eq(users.id, authSessions.userId))
      .where(eq(refreshTokens.tokenHash, sha256(token)))
      .for('update', { of: refreshTokens })
      .limit(1);
    if (!found) return { kind: 'not_found' };
    const { session, user } = found;
    if (user.disabledAt) {
      await tx.delete(authSessions).where(eq(authSessions.id, session.id));
      return { kind: 'disabled', sessionId: session.id, userId: user.id };
    }
    if (found.token.revoked) {
      if (found.inGrace) {
        // Two tabs refreshing at once: the late one gets a sibling token; the other stays valid.
        const refreshToken = await issueRefreshToken(tx, session.id, found.token.id);
        return { kind: 'ok', refreshToken, session, user };
      }
      await tx.delete(authSessions).where(eq(authSessions.id, session.id));
      return { kind: 'reused', sessionId: session.id, userId: user.id };
    }
    await tx
      .update(refreshTokens)
      .set({ revoked: true, revokedAt: sql`now()` })
      .where(eq(refreshTokens.id, found.token.id));
    const refreshToken = await issueRefreshToken(tx, session.id, found.token.id);
    const [updated] = await tx
      .update(authSessions)
      .set({ refreshedAt: sql`now()` })
      .where(eq(authSessions.id, session.id))
      .returning();
    return { kind: 'ok', refreshToken, session: updated ?? session, user };
  });
}

/** Ends sessions of a user: one, all, or all but one. Returns the ended session ids. */
export async function deleteSessions(
  db: Db,
  userId: string,
  which: { only: string } | { except: string } | 'all',
): Promise<string[]> {
  const scope =
    which === 'all'
      ? undefined
      : 'only' in which
        ? eq(authSessions.id, which.only)
        : ne(authSessions.id, which.except);
  const rows = await db
    .delete(authSessions)
    .where(and(eq(authSessions.userId, userId), scope))
    .returning({ id: authSessions.id });
  return rows.map((r) => r.id);
}

/** The highest failure count in the current one-minute window among the keys. */
export async function currentFailures(db: Db, keys: string[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${authRateLimits.count}), 0)::int` })
    .from(authRateLimits)
    .where(
      and(
        sql`${authRateLimits.key} = any(${sql.param(keys)}::text[])`,
        sql`${authRateLimits.windowStart} > now() - interval '1 minute'`,
      ),
    );
  return row?.n ?? 0;
}

export async function recordFailure(db: Db, keys: string[]): Promise<void> {
  const expired = sql`${authRateLimits.windowStart} <= now() - interval '1 minute'`;
  await db
    .insert(authRateLimits)
    .values(keys.map((key) => ({ key, windowStart: sql`now()`, count: 1 })))
    .onConflictDoUpdate({
      target: authRateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${authRateLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then now() else ${authRateLimits.windowStart} end`,
      },
    });
}

/**
 * Deletes up to `limit` failure counters whose one-minute window ended over an hour ago (an expired
 * window counts as nothing, so deleting it changes no answer), in key order from after `afterKey`: the
 * next batch passes the `lastKey` this one returns and starts past the index entries this one left dead.
 * `skip locked` and the repeated condition leave alone a counter a sign-in is restarting at that moment.
 */
export async function purgeExpiredRateLimits(
  db: Db,
  limit: number,
  afterKey: string,
): Promise<{ deleted: number; lastKey: string }> {
  const expired = sql`window_start < now() - interval '1 hour'`;
  const { rows } = await db.execute<{ deleted: number; last_key: string | null }>(sql`
    with batch as (
      select key from auth_rate_limits
      where key > ${afterKey} and ${expired}
      order by key
      limit ${limit}
      for update skip locked
    ), gone as (
      delete from auth_rate_limits
      where key in (select key from batch) and ${expired}
      returning key
    )
    select count(*)::int as deleted, max(key) as last_key from gone`);
  const row = rows[0];
  return { deleted: row?.deleted ?? 0, lastKey: row?.last_key ?? afterKey };
}
