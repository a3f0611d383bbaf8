import {
  MFA_CHALLENGE_TTL_SECONDS,
  mfaEnrollSchema,
  mfaRecoveryCodeVerifySchema,
  mfaVerifySchema,
} from '@vaskedrift/shared';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { open, seal } from '../../lib/secret-box';
import type { Principal } from '../../plugins/authenticate';
import { findUserById } from '../users';
import { currentFailures, recordFailure } from './auth.repository';
import {
  factorNotFound,
  GoTrueError,
  insufficientAal,
  reauthenticationNeeded,
  sessionNotFound,
  validationFailed,
} from './gotrue';
import {
  completeChallenge,
  deleteFactor,
  findChallenge,
  findFactor,
  insertChallenge,
  insertFactor,
  listFactors,
  recoveryCodeStatus,
  sessionIsFresh,
  spendRecoveryCode,
  storeRecoveryCodes,
} from './mfa.repository';
import { newRecoveryCodes, recoveryCodeHash } from './mfa-recovery-codes';
import type { SessionIssuer } from './session-issuer';
import { matchTotpStep, newTotpSecret, totpQrSvg, totpUri } from './totp';

/** More would only be forgotten phones; GoTrue's own default limit is 10. */
const MAX_VERIFIED_FACTORS = 10;
/** GoTrue's default name of the recovery-codes factor. */
const RECOVERY_CODES_NAME = 'Recovery codes';

type Deps = {
  db: Db;
  bus: EventBus;
  sessions: SessionIssuer;
  /** deriveKey(SECRET_KEY, 'totp'): seals the TOTP secrets at rest. */
  totpKey: Buffer;
  maxFailuresPerMinute: number;
};

export type MfaService = ReturnType<typeof createMfaService>;

/** Changing how one signs in needs a session that proved itself recently, not one kept alive for days. */
async function requireFreshSession(db: Db, principal: Principal) {
  if (!(await sessionIsFresh(db, principal.sessionId))) throw reauthenticationNeeded();
}

/** TOTP codes and recovery codes share one counter: ten wrong ones a minute, then 429. */
async function refuseWhenGuessing(db: Db, maxFailuresPerMinute: number, limitKeys: string[]) {
  if ((await currentFailures(db, limitKeys)) >= maxFailuresPerMinute) {
    throw new GoTrueError(429, 'over_request_rate_limit', 'For mange forsøk. Vent litt og prøv igjen.');
  }
}

/** TOTP two-factor sign-in in GoTrue's shapes (`/auth/v1/factors`), as auth-js `mfa.*` calls it. */
export function createMfaService(deps: Deps) {
  return { ...createTotpFactors(deps), ...createRecoveryCodeFactor(deps) };
}

/** The TOTP factors: enrolment, challenge and verification, unenrolment. */
function createTotpFactors({ db, bus, sessions, totpKey, maxFailuresPerMinute }: Deps) {
  async function enroll(principal: Principal, body: unknown) {
    const parsed = mfaEnrollSchema.safeParse(body);
    if (!parsed.success) throw validationFailed('Bare TOTP (autentiseringsapp) støttes');
    await requireFreshSession(db, principal);
    // With a factor already in use, adding another must not be possible with the password alone.
    if (principal.hasVerifiedFactor && principal.aal !== 'aal2') throw insufficientAal();
    const factors = await listFactors(db, principal.userId);
    const verified = factors.filter((f) => f.status === 'verified');
    if (verified.length >= MAX_VERIFIED_FACTORS) {
      throw new GoTrueError(422, 'too_many_enrolled_mfa_factors', 'Du har for mange faktorer registrert');
    }
    const friendlyName = parsed.data.friendly_name || null;
    if (friendlyName && verified.some((f) => f.friendlyName === friendlyName)) {
      throw new GoTrueError(422, 'mfa_factor_name_conflict', 'Du har allerede en faktor med dette navnet');
    }
    const secret = newTotpSecret();
    const uri = totpUri(secret, principal.email);
    const factor = await insertFactor(db, {
      userId: principal.userId,
      friendlyName,
      secretEncrypted: seal(totpKey, secret),
    });
    return {
      id: factor.id,
      type: 'totp' as const,
      friendly_name: factor.friendlyName ?? '',
      totp: { qr_code: await totpQrSvg(uri), secret, uri },
    };
  }

  async function challenge(principal: Principal, factorId: string, ip: string | null) {
    const factor = await findFactor(db, factorId, principal.userId);
    if (!factor) throw factorNotFound();
    const row = await insertChallenge(db, factor.id, ip);
    return {
      id: row.id,
      type: 'totp' as const,
      expires_at: Math.floor(row.createdAt.getTime() / 1000) + MFA_CHALLENGE_TTL_SECONDS,
    };
  }

  async function verify(principal: Principal, factorId: string, body: unknown, ip: string | null) {
    const parsed = mfaVerifySchema.safeParse(body);
    if (!parsed.success) throw validationFailed('Koden må være 6 sifre');
    const limitKeys = [`mfa:user:${principal.userId}`];
    await refuseWhenGuessing(db, maxFailuresPerMinute, limitKeys);
    const factor = await findFactor(db, factorId, principal.userId);
    if (!factor) throw factorNotFound();
    const found = await findChallenge(db, parsed.data.challenge_id, factor.id);
    if (!found || found.verifiedAt !== null || found.expired) {
      throw new GoTrueError(422, 'mfa_challenge_expired', 'Utfordringen er utløpt. Be om en ny kode.');
    }
    const step = await matchTotpStep(
      open(totpKey, factor.secretEncrypted),
      parsed.data.code,
      factor.lastUsedStep,
    );
    const outcome =
      step === null
        ? { kind: 'code_refused' as const }
        : await completeChallenge(db, {
            challengeId: found.id,
            factorId: factor.id,
            sessionId: principal.sessionId,
            step,
          });
    if (outcome.kind === 'challenge_expired') {
      throw new GoTrueError(422, 'mfa_challenge_expired', 'Utfordringen er utløpt. Be om en ny kode.');
    }
    if (outcome.kind !== 'ok') {
      await recordFailure(db, limitKeys);
      throw new GoTrueError(422, 'mfa_verification_failed', 'Feil kode, eller koden er allerede brukt');
    }
    const user = await findUserById(db, principal.userId);
    if (!user) throw sessionNotFound();
    const refreshToken = await sessions.issueRefreshToken(outcome.session.id);
    bus.publish('auth.mfa_verified', {
      userId: user.id,
      ip,
      sessionId: outcome.session.id,
      factorId: factor.id,
      firstVerification: outcome.firstVerification,
    });
    return sessions.body(user, outcome.session, refreshToken);
  }

  async function unenroll(principal: Principal, factorId: string, ip: string | null) {
    const factor = await findFactor(db, factorId, principal.userId);
    if (!factor) throw factorNotFound();
    await requireFreshSession(db, principal);
    if (factor.status === 'verified' && principal.aal !== 'aal2') throw insufficientAal();
    await deleteFactor(db, factor.id, principal.userId);
    if (factor.status === 'verified') {
      bus.publish('auth.mfa_unenrolled', {
        userId: principal.userId,
        ip,
        sessionId: principal.sessionId,
        factorId: factor.id,
      });
    }
    return { id: factor.id };
  }

  return { enroll, challenge, verify, unenroll };
}

/** The recovery-codes factor: a set of one-time codes that stand in for a TOTP code. */
function createRecoveryCodeFactor({ db, bus, sessions, maxFailuresPerMinute }: Deps) {
  /** A new set of one-time recovery codes: answered this once, kept only as hashes. */
  async function createRecoveryCodes(principal: Principal, mode: 'create' | 'replace', ip: string | null) {
    if (!principal.hasVerifiedFactor) {
      throw new GoTrueError(
        422,
        'mfa_recovery_codes_sole_factor',
        'Slå på tofaktor med en autentiseringsapp før du lager gjenopprettingskoder',
      );
    }
    if (principal.aal !== 'aal2') throw insufficientAal();
    await requireFreshSession(db, principal);
    const codes = newRecoveryCodes();
    const stored = await storeRecoveryCodes(db, {
      userId: principal.userId,
      codeHashes: codes.map(recoveryCodeHash),
      mode,
    });
    if (stored.kind === 'exists') {
      throw new GoTrueError(
        422,
        'mfa_verified_factor_exists',
        'Du har allerede gjenopprettingskoder. Lag nye i stedet.',
      );
    }
    if (stored.kind === 'none') {
      throw new GoTrueError(404, 'mfa_factor_not_found', 'Du har ingen gjenopprettingskoder ennå');
    }
    bus.publish('auth.mfa_recovery_codes_created', {
      userId: principal.userId,
      ip,
      sessionId: principal.sessionId,
      setId: stored.setId,
      replaced: mode === 'replace',
    });
    return {
      id: stored.setId,
      type: 'recovery_code' as const,
      friendly_name: RECOVERY_CODES_NAME,
      total: codes.length,
      codes,
    };
  }

  async function recoveryCodesStatus(principal: Principal) {
    const status = await recoveryCodeStatus(db, principal.userId);
    if (!status) throw new GoTrueError(404, 'mfa_factor_not_found', 'Du har ingen gjenopprettingskoder');
    return {
      id: status.setId,
      type: 'recovery_code' as const,
      total: status.total,
      remaining: status.remaining,
    };
  }

  /** A recovery code in place of a TOTP code: the session is raised to aal2, and the code is spent. */
  async function verifyRecoveryCode(principal: Principal, body: unknown, ip: string | null) {
    const parsed = mfaRecoveryCodeVerifySchema.safeParse(body);
    if (!parsed.success) throw validationFailed('En gjenopprettingskode har 16 bokstaver og tall');
    const limitKeys = [`mfa:user:${principal.userId}`];
    await refuseWhenGuessing(db, maxFailuresPerMinute, limitKeys);
    const outcome = await spendRecoveryCode(db, {
      userId: principal.userId,
      sessionId: principal.sessionId,
      codeHash: recoveryCodeHash(parsed.data.code),
    });
    if (outcome.kind !== 'ok') {
      await recordFailure(db, limitKeys);
      throw new GoTrueError(
        422,
        'mfa_verification_failed',
        'Feil gjenopprettingskode, eller koden er allerede brukt',
      );
    }
    const user = await findUserById(db, principal.userId);
    if (!user) throw sessionNotFound();
    const refreshToken = await sessions.issueRefreshToken(outcome.session.id);
    bus.publish('auth.mfa_recovery_code_used', {
      userId: user.id,
      ip,
      sessionId: outcome.session.id,
      remaining: outcome.remaining,
    });
    return sessions.body(user, outcome.session, refreshToken);
  }

  return { createRecoveryCodes, recoveryCodesStatus, verifyRecoveryCode };
}
