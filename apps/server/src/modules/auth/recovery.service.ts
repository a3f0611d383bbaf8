import { setTimeout as sleep } from 'node:timers/promises';
import {
  MESSAGES,
  PASSWORD_MIN_LENGTH,
  RECOVERY_TOKEN_TTL_SECONDS,
  recoverSchema,
  verifyRecoverySchema,
} from '@vaskedrift/shared';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import type { EventBus } from '../../events/bus';
import { randomToken, sha256 } from '../../lib/crypto';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { Principal } from '../../plugins/authenticate';
import type { Mailer } from '../notifications';
import { findUserByEmail, findUserById, updateUser } from '../users';
import { currentFailures, deleteSessions, recordFailure } from './auth.repository';
import { GoTrueError, insufficientAal, toGoTrueUser, validationFailed } from './gotrue';
import { listFactors } from './mfa.repository';
import {
  consumeRecoveryToken,
  insertRecoveryToken,
  invalidateRecoveryTokens,
  recentRecoveryExists,
} from './recovery.repository';
import { recoveryEmail, recoveryLink } from './recovery-email';
import type { SessionIssuer } from './session-issuer';

/**
 * Every answer to /recover takes at least this long, so a known e-mail (token and outbox rows written)
 * cannot be told from an unknown one (nothing written) by timing.
 */
const RECOVER_MIN_RESPONSE_MS = 250;
/** A user gets at most one recovery e-mail in this many seconds; further requests answer the same. */
const RECOVERY_EMAIL_INTERVAL_SECONDS = 60;

type Deps = {
  db: Db;
  bus: EventBus;
  mailer: Mailer;
  sessions: SessionIssuer;
  publicUrl: string;
  maxRequestsPerMinute: number;
};
type RequestMeta = { ip: string | null; userAgent: string | null };

export type RecoveryService = ReturnType<typeof createRecoveryService>;

/** Password recovery by e-mail link (`/recover`, `/verify`) and setting a new password (`PUT /user`). */
export function createRecoveryService({ db, bus, mailer, sessions, publicUrl, maxRequestsPerMinute }: Deps) {
  async function requestRecovery(body: unknown, meta: RequestMeta): Promise<Record<string, never>> {
    // A duration: the monotonic clock, which no change of the wall clock stretches (decision 030).
    const started = performance.now();
    const parsed = recoverSchema.safeParse(body);
    if (!parsed.success) throw validationFailed(MESSAGES.emailInvalid);
    const email = parsed.data.email;
    const limitKeys = [`recover:email:${email.toLowerCase()}`, ...(meta.ip ? [`recover:ip:${meta.ip}`] : [])];
    if ((await currentFailures(db, limitKeys)) >= maxRequestsPerMinute) {
      throw new GoTrueError(
        429,
        'over_request_rate_limit',
        'For mange forespørsler. Vent litt og prøv igjen.',
      );
    }
    await recordFailure(db, limitKeys);
    const user = await findUserByEmail(db, email);
    if (
      user &&
      !user.disabledAt &&
      !(await recentRecoveryExists(db, user.id, RECOVERY_EMAIL_INTERVAL_SECONDS))
    ) {
      const token = randomToken(32);
      await db.transaction(async (tx) => {
        await insertRecoveryToken(tx, {
          userId: user.id,
          tokenHash: sha256(token),
          ttlSeconds: RECOVERY_TOKEN_TTL_SECONDS,
        });
        await mailer.enqueue(
          tx,
          recoveryEmail({ to: user.email, firstName: user.firstName, link: recoveryLink(publicUrl, token) }),
        );
      });
      mailer.nudge();
      bus.publish('auth.recovery_requested', { userId: user.id, ip: meta.ip });
    }
    await sleep(Math.max(0, RECOVER_MIN_RESPONSE_MS - (performance.now() - started)));
    return {};
  }

  /** Spends a recovery link and answers an aal1 session, with which the new password is set. */
  async function verifyRecovery(body: unknown, meta: RequestMeta) {
    const parsed = verifyRecoverySchema.safeParse(body);
    if (!parsed.success) throw validationFailed('Bare type "recovery" med token_hash støttes');
    const userId = await consumeRecoveryToken(db, sha256(parsed.data.token_hash));
    const user = userId ? await findUserById(db, userId) : undefined;
    if (!user || user.disabledAt) {
      throw new GoTrueError(403, 'otp_expired', 'Lenken er ugyldig eller utløpt. Be om en ny lenke.');
    }
    const { session, body: sessionBody } = await sessions.start(user, meta);
    bus.publish('auth.recovery_verified', { userId: user.id, ip: meta.ip, sessionId: session.id });
    return sessionBody;
  }

  /**
   * `PUT /user`: sets a new password (other fields are not changed here; e-mail is an admin's job).
   * Ends every other session of the user and every outstanding recovery link. A user with two-factor
   * sign-in must have passed it in this session, as GoTrue requires.
   */
  async function updateOwnUser(principal: Principal & { user: UserRow }, body: unknown, ip: string | null) {
    const password = (body as { password?: unknown } | null)?.password;
    if (password === undefined || password === null) {
      return toGoTrueUser(principal.user, await listFactors(db, principal.userId));
    }
    if (typeof password !== 'string' || password.length < PASSWORD_MIN_LENGTH) {
      throw new WeakPasswordError();
    }
    if (principal.hasVerifiedFactor && principal.aal !== 'aal2') throw insufficientAal();
    if (await verifyPassword(principal.user.passwordHash, password)) {
      throw new GoTrueError(422, 'same_password', 'Det nye passordet må være forskjellig fra det gamle');
    }
    await updateUser(db, principal.userId, { passwordHash: await hashPassword(password) });
    const ended = await deleteSessions(db, principal.userId, { except: principal.sessionId });
    await invalidateRecoveryTokens(db, principal.userId);
    bus.publish('auth.password_changed', {
      userId: principal.userId,
      ip,
      sessionId: principal.sessionId,
      sessionsEnded: ended.length,
    });
    const user = await findUserById(db, principal.userId);
    return toGoTrueUser(user ?? principal.user, await listFactors(db, principal.userId));
  }

  return { requestRecovery, verifyRecovery, updateOwnUser };
}

/** GoTrue's weak-password answer: auth-js turns it into AuthWeakPasswordError with the reasons. */
class WeakPasswordError extends GoTrueError {
  constructor() {
    super(422, 'weak_password', MESSAGES.passwordTooShort);
  }
  override toBody() {
    return { ...super.toBody(), weak_password: { reasons: ['length'] } };
  }
}
