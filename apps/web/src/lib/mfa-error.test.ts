import { AuthApiError } from '@supabase/auth-js';
import { describe, expect, it } from 'vitest';
import { isTotpCode, mfaErrorKey, normaliseTotpCode, qrCodeSrc } from './mfa-error';

const apiError = (status: number, code: string) => new AuthApiError('x', status, code);

describe('two-factor helpers', () => {
  it('tells a wrong or used code from an expired challenge and a stale session', () => {
    expect(mfaErrorKey(apiError(422, 'mfa_verification_failed'))).toBe('auth.mfa.wrongCode');
    expect(mfaErrorKey(apiError(422, 'mfa_challenge_expired'))).toBe('auth.mfa.expired');
    expect(mfaErrorKey(apiError(401, 'reauthentication_needed'))).toBe('twoFactor.freshSession');
    expect(mfaErrorKey(apiError(429, 'over_request_rate_limit'))).toBe('auth.errors.tooManyAttempts');
    expect(mfaErrorKey(new Error('x'))).toBe('auth.errors.unknown');
  });

  it('accepts six digits, with spaces typed between them', () => {
    expect(isTotpCode(normaliseTotpCode('123 456'))).toBe(true);
    expect(isTotpCode('12345')).toBe(false);
    expect(isTotpCode('12345a')).toBe(false);
  });

  it('encodes the QR code SVG so its colours do not cut the data URI short', () => {
    const src = qrCodeSrc('data:image/svg+xml;utf-8,<svg fill="#fff"></svg>');
    expect(src).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent('<svg fill="#fff"></svg>')}`);
    expect(src).not.toContain('#');
  });
});
