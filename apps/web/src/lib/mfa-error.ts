// The error guards alone: the package's index would bring all of auth-js into the sign-in page.
import {
  isAuthApiError,
  isAuthError,
  isAuthRetryableFetchError,
} from '@supabase/auth-js/dist/module/lib/errors';

export type MfaErrorKey =
  | 'auth.mfa.wrongCode'
  | 'auth.mfa.expired'
  | 'auth.mfa.codeFormat'
  | 'auth.mfa.wrongRecoveryCode'
  | 'auth.mfa.recoveryCodeFormat'
  | 'twoFactor.freshSession'
  | 'auth.errors.tooManyAttempts'
  | 'auth.errors.network'
  | 'auth.errors.unknown';

/** Maps a failed two-factor call (enrol, verify, remove) to the message the user sees. */
export function mfaErrorKey(error: unknown): MfaErrorKey {
  if (isAuthApiError(error) || isAuthError(error)) {
    if (error.status === 429) return 'auth.errors.tooManyAttempts';
    switch (error.code) {
      case 'mfa_verification_failed':
        return 'auth.mfa.wrongCode';
      case 'mfa_challenge_expired':
        return 'auth.mfa.expired';
      case 'validation_failed':
        return 'auth.mfa.codeFormat';
      case 'reauthentication_needed':
      case 'insufficient_aal':
        return 'twoFactor.freshSession';
    }
  }
  if (isAuthRetryableFetchError(error) || error instanceof TypeError) return 'auth.errors.network';
  return 'auth.errors.unknown';
}

/** The same failures for a recovery code in place of a TOTP code: the code's own words. */
export function recoveryCodeErrorKey(error: unknown): MfaErrorKey {
  const key = mfaErrorKey(error);
  if (key === 'auth.mfa.wrongCode') return 'auth.mfa.wrongRecoveryCode';
  if (key === 'auth.mfa.codeFormat') return 'auth.mfa.recoveryCodeFormat';
  return key;
}

/** A TOTP code as typed: spaces removed ("123 456" is fine); valid when six digits remain. */
export function normaliseTotpCode(input: string): string {
  return input.replace(/\s+/g, '');
}

export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code);
}

/**
 * An `<img>` source for the enrolment QR code. auth-js prefixes GoTrue's bare SVG with
 * `data:image/svg+xml;utf-8,` unencoded, and the `#` of its colours would end the URI early.
 */
export function qrCodeSrc(qrCode: string): string {
  const svgStart = qrCode.indexOf('<svg');
  if (svgStart < 0) return qrCode;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrCode.slice(svgStart))}`;
}
