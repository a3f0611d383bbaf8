import { describe, expect, it } from 'vitest';
import { formatRecoveryCode, mfaRecoveryCodeVerifySchema, signInSchema } from './auth';

const messages = (input: unknown) =>
  signInSchema.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('signInSchema', () => {
  it('accepts a valid e-mail and a password of 8 characters or more', () => {
    expect(signInSchema.parse({ email: ' kari@example.com ', password: '12345678' })).toEqual({
      email: 'kari@example.com',
      password: '12345678',
    });
  });

  it('answers in Norwegian', () => {
    expect(messages({ email: '', password: '' })).toEqual(
      expect.arrayContaining(['email: E-post er påkrevd', 'password: Passord er påkrevd']),
    );
    expect(messages({ email: 'ikke-en-epost', password: 'kort' })).toEqual([
      'email: Ugyldig e-postadresse',
      'password: Passordet må være minst 8 tegn langt',
    ]);
  });
});

describe('recovery codes', () => {
  it('are read without regard to case, spaces or dashes, and shown in groups of four', () => {
    const code = 'abcdefgh234567ij';
    expect(formatRecoveryCode(code)).toBe('abcd-efgh-2345-67ij');
    expect(mfaRecoveryCodeVerifySchema.parse({ code: ' ABCD-EFGH 2345-67IJ ' }).code).toBe(code);
    expect(mfaRecoveryCodeVerifySchema.safeParse({ code: '123456' }).success).toBe(false);
  });
});
