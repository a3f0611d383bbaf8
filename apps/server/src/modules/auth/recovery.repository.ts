import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recoveryTokens } from '../../db/schema';

export async function insertRecoveryToken(
  db: Db,
  input: { userId: string; tokenHash: string; ttlSeconds: number },
): Promise<void> {
  await db.insert(recoveryTokens).values({
    userId: input.userId,
    tokenHash: input.tokenHash,
    expiresAt: sql`now() + make_interval(secs => ${input.ttlSeconds})`,
  });
}

/** Whether a link was sent to the user within the last `seconds`: one e-mail a minute is plenty. */
export async function recentRecoveryExists(db: Db, userId: string, seconds: number): Promise<boolean> {
  const [row] = await db
    .select({ id: recoveryTokens.id })
    .from(recoveryTokens)
    .where(
      and(
        eq(recoveryTokens.userId, userId),
        gt(recoveryTokens.createdAt, sql`now() - make_interval(secs => ${seconds})`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Uses a recovery link: the user it belongs to if it is unused and unexpired, else nothing. The update
 * is conditional, so a link opened twice at once still works only once; the user's other links go too.
 */
export function consumeRecoveryToken(db: Db, tokenHash: string): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(recoveryTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(recoveryTokens.tokenHash, tokenHash),
          isNull(recoveryTokens.usedAt),
          gt(recoveryTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: recoveryTokens.userId });
    if (!row) return undefined;
    await invalidateRecoveryTokens(tx, row.userId);
    return row.userId;
  });
}

/** Makes every outstanding link of the user unusable (after a password change, or one link used). */
export async function invalidateRecoveryTokens(db: Db, userId: string): Promise<void> {
  await db
    .update(recoveryTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(recoveryTokens.userId, userId), isNull(recoveryTokens.usedAt)));
}
