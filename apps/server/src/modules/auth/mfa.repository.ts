import { MFA_CHALLENGE_TTL_SECONDS } from '@vaskedrift/shared';
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authSessions, type MfaFactorRow, mfaChallenges, mfaFactors, refreshTokens } from '../../db/schema';
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

export async function deleteFactor(db: Db, id: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(mfaFactors)
    .where(and(eq(mfaFactors.id, id), eq(mfaFactors.userId, userId)))
    .returning({ id: mfaFactors.id });
  return rows.length > 0;
}

export async function insertChallenge(db: Db, factorId: string, ip: string | null): Promise<MfaChallengeRow> {
  const [row] = await db.insert(mfaChallenges).values({ factorId, ip }).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findChallenge(
  db: Db,
  id: string,
  factorId: string,
): Promise<MfaChallengeRow | undefined> {
  const [row] = await db
    .select()
    .from(mfaChallenges)
    .where(and(eq(mfaChallenges.id, id), eq(mfaChallenges.factorId, factorId)))
    .limit(1);
  return row;
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
    const [session] = await tx
      .update(authSessions)
      .set({ aal: 'aal2', mfaVerifiedAt: sql`now()` })
      .where(eq(authSessions.id, input.sessionId))
      .returning();
    if (!session) throw new Error('session vanished during verification');
    // Refresh tokens issued at aal1 stop working: only the token answered now carries the session on.
    await tx
      .update(refreshTokens)
      .set({ revoked: true, revokedAt: sql`now()` })
      .where(and(eq(refreshTokens.sessionId, session.id), eq(refreshTokens.revoked, false)));
    return { kind: 'ok', factor, session, firstVerification: before?.status === 'unverified' };
  });
}
