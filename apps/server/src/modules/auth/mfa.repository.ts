import { randomUUID } from 'node:crypto';
import { MFA_CHALLENGE_TTL_SECONDS, MFA_FRESH_SESSION_SECONDS } from '@vaskedrift/shared';
import { and, asc, eq, getTableColumns, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  authSessions,
  type MfaFactorRow,
  mfaChallenges,
  mfaFactors,
  mfaRecoveryCodes,
  refreshTokens,
  users,
} from '../../db/schema';
import type { SessionRow } from './auth.repository';

export type MfaChallengeRow = typeof mfaChallenges.$inferSelect;

export function listFactors(db: Db, userId: string): Promise<MfaFactorRow[]> {
  return db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId)).orderBy(asc(mfaFactors.createdAt));
}

export async function findFactor(db: Db, id: string, userId: string): Promise<MfaFactorRow | undefined> {
  const [row] = await db
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.id, id), eq(mfaFactors.userId, userId)))
    .limit(1);
  return row;
}

/** A new unverified factor; earlier unverified ones (abandoned enrolments) of the user go. */
export function insertFactor(
  db: Db,
  input: { userId: string; friendlyName: string | null; secretEncrypted: string },
): Promise<MfaFactorRow> {
  return db.transaction(async (tx) => {
    await tx
      .delete(mfaFactors)
      .where(and(eq(mfaFactors.userId, input.userId), eq(mfaFactors.status, 'unverified')));
    const [row] = await tx.insert(mfaFactors).values(input).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  });
}

/** Removes a factor; recovery codes never stand alone, so they go with the last verified factor. */
export function deleteFactor(db: Db, id: string, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(mfaFactors)
      .where(and(eq(mfaFactors.id, id), eq(mfaFactors.userId, userId)))
      .returning({ id: mfaFactors.id });
    await tx
      .delete(mfaRecoveryCodes)
      .where(
        and(
          eq(mfaRecoveryCodes.userId, userId),
          sql`not exists (select 1 from ${mfaFactors} where ${mfaFactors.userId} = ${userId} and ${mfaFactors.status} = 'verified')`,
        ),
      );
    return rows.length > 0;
  });
}

/**
 * An admin removes every factor and recovery code of a user who lost their phone. The user's sessions
 * fall back to aal1: they were raised with a factor that is gone, so nothing they did later counts as a
 * recent code (the freshness rule of docs/decisions/005-totp.md).
 */
export function deleteAllFactors(
  db: Db,
  userId: string,
): Promise<{ factorsRemoved: number; sessionsLowered: number }> {
  return db.transaction(async (tx) => {
    const factors = await tx
      .delete(mfaFactors)
      .where(eq(mfaFactors.userId, userId))
      .returning({ status: mfaFactors.status });
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
    const sessions = await tx
      .update(authSessions)
      .set({ aal: 'aal1', mfaVerifiedAt: null, mfaMethod: null })
      .where(and(eq(authSessions.userId, userId), eq(authSessions.aal, 'aal2')))
      .returning({ id: authSessions.id });
    return {
      factorsRemoved: factors.filter((f) => f.status === 'verified').length,
      sessionsLowered: sessions.length,
    };
  });
}

export async function insertChallenge(db: Db, factorId: string, ip: string | null): Promise<MfaChallengeRow> {
  const [row] = await db.insert(mfaChallenges).values({ factorId, ip }).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** A challenge of the factor, and whether it has run out (on the clock that stamped it: decision 030). */
export async function findChallenge(
  db: Db,
  id: string,
  factorId: string,
): Promise<(MfaChallengeRow & { expired: boolean }) | undefined> {
  const [row] = await db
    .select({
      ...getTableColumns(mfaChallenges),
      expired: sql<boolean>`${mfaChallenges.createdAt} <= now() - make_interval(secs => ${MFA_CHALLENGE_TTL_SECONDS})`,
    })
    .from(mfaChallenges)
    .where(and(eq(mfaChallenges.id, id), eq(mfaChallenges.factorId, factorId)))
    .limit(1);
  return row;
}

/**
 * Whether the session proved who is there (signed in, or gave a TOTP code) within the last
 * MFA_FRESH_SESSION_SECONDS, measured by the database clock that stamped both (decision 030).
 */
export async function sessionIsFresh(db: Db, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({
      fresh: sql<boolean>`greatest(${authSessions.createdAt}, ${authSessions.mfaVerifiedAt}) > now() - make_interval(secs => ${MFA_FRESH_SESSION_SECONDS})`,
    })
    .from(authSessions)
    .where(eq(authSessions.id, sessionId));
  return row?.fresh ?? false;
}

export type VerifyOutcome =
  | { kind: 'challenge_expired' }
  | { kind: 'code_reused' }
  | { kind: 'ok'; factor: MfaFactorRow; session: SessionRow; firstVerification: boolean };

/**
 * Spends a challenge and a TOTP time step, and raises the session to aal2, all or nothing. Both updates
 * are conditional, so two requests racing with one code cannot both pass: the challenge is used once, and
 * the factor's `last_used_step` only ever grows (a code already used is refused).
 */
export function completeChallenge(
  db: Db,
  input: { challengeId: string; factorId: string; sessionId: string; step: number },
): Promise<VerifyOutcome> {
  return db.transaction(async (tx) => {
    const [challenge] = await tx
      .update(mfaChallenges)
      .set({ verifiedAt: sql`now()` })
      .where(
        and(
          eq(mfaChallenges.id, input.challengeId),
          isNull(mfaChallenges.verifiedAt),
          sql`${mfaChallenges.createdAt} > now() - make_interval(secs => ${MFA_CHALLENGE_TTL_SECONDS})`,
        ),
      )
      .returning({ id: mfaChallenges.id });
    if (!challenge) return { kind: 'challenge_expired' };
    const [before] = await tx
      .select({ status: mfaFactors.status })
      .from(mfaFactors)
      .where(eq(mfaFactors.id, input.factorId))
      .for('update');
    const [factor] = await tx
      .update(mfaFactors)
      .set({ lastUsedStep: input.step, status: 'verified', updatedAt: sql`now()` })
      .where(
        and(
          eq(mfaFactors.id, input.factorId),
          or(isNull(mfaFactors.lastUsedStep), lt(mfaFactors.lastUsedStep, input.step)),
        ),
      )
      .returning();
    if (!factor) return { kind: 'code_reused' };
    const session = await raiseToAal2(tx, input.sessionId, 'totp');
    return { kind: 'ok', factor, session, firstVerification: before?.status === 'unverified' };
  });
}

async function raiseToAal2(tx: Db, sessionId: string, method: 'totp' | 'mfa/recovery_code') {
  const [session] = await tx
    .update(authSessions)
    .set({ aal: 'aal2', mfaVerifiedAt: sql`now()`, mfaMethod: method })
    .where(eq(authSessions.id, sessionId))
    .returning();
  if (!session) throw new Error('session vanished during verification');
  // Refresh tokens issued at aal1 stop working: only the token answered now carries the session on.
  await tx
    .update(refreshTokens)
    .set({ revoked: true, revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.sessionId, session.id), eq(refreshTokens.revoked, false)));
  return session;
}

export type RecoveryCodeStatus = { setId: string; total: number; remaining: number };

export async function recoveryCodeStatus(db: Db, userId: string): Promise<RecoveryCodeStatus | undefined> {
  const [row] = await db
    .select({
      setId: mfaRecoveryCodes.setId,
      total: sql<number>`count(*)::int`,
      remaining: sql<number>`(count(*) filter (where ${mfaRecoveryCodes.usedAt} is null))::int`,
    })
    .from(mfaRecoveryCodes)
    .where(eq(mfaRecoveryCodes.userId, userId))
    .groupBy(mfaRecoveryCodes.setId);
  return row;
}

/**
 * Stores a new set of recovery codes (their hashes) in place of the old one. `create` refuses when a set
 * exists and `replace` when none does, as GoTrue's generate and regenerate do; the user row is locked so
 * two requests cannot both make a set.
 */
export function storeRecoveryCodes(
  db: Db,
  input: { userId: string; codeHashes: string[]; mode: 'create' | 'replace' },
): Promise<{ kind: 'ok'; setId: string } | { kind: 'exists' } | { kind: 'none' }> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('update');
    const [existing] = await tx
      .select({ id: mfaRecoveryCodes.id })
      .from(mfaRecoveryCodes)
      .where(eq(mfaRecoveryCodes.userId, input.userId))
      .limit(1);
    if (input.mode === 'create' && existing) return { kind: 'exists' };
    if (input.mode === 'replace' && !existing) return { kind: 'none' };
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, input.userId));
    const setId = randomUUID();
    await tx
      .insert(mfaRecoveryCodes)
      .values(input.codeHashes.map((codeHash) => ({ userId: input.userId, setId, codeHash })));
    return { kind: 'ok', setId };
  });
}

export type RecoveryCodeOutcome =
  | { kind: 'code_refused' }
  | { kind: 'ok'; session: SessionRow; remaining: number };

/**
 * Spends one recovery code and raises the session to aal2, all or nothing. The update only takes an
 * unused code, so a code works once even when two requests race with it.
 */
export function spendRecoveryCode(
  db: Db,
  input: { userId: string; sessionId: string; codeHash: string },
): Promise<RecoveryCodeOutcome> {
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(mfaRecoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(mfaRecoveryCodes.userId, input.userId),
          eq(mfaRecoveryCodes.codeHash, input.codeHash),
          isNull(mfaRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: mfaRecoveryCodes.id });
    if (!spent) return { kind: 'code_refused' };
    const session = await raiseToAal2(tx, input.sessionId, 'mfa/recovery_code');
    const [left] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(mfaRecoveryCodes)
      .where(and(eq(mfaRecoveryCodes.userId, input.userId), isNull(mfaRecoveryCodes.usedAt)));
    return { kind: 'ok', session, remaining: left?.n ?? 0 };
  });
}
