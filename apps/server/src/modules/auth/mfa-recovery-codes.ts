import { createHash, randomInt } from 'node:crypto';
import { MFA_RECOVERY_CODE_COUNT, MFA_RECOVERY_CODE_LENGTH } from '@vaskedrift/shared';

/** Base32's letters and digits: no 0, 1 or 8 to mistake for O, l or B when read off paper. */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** A new set of recovery codes in canonical form (lower case, no separators), as GoTrue answers them. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: MFA_RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: MFA_RECOVERY_CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  );
}

/**
 * What is kept of a code. 80 random bits cannot be guessed from a SHA-256 the way a password can, so a
 * slow hash would add nothing but latency (docs/decisions/005-totp.md).
 */
export function recoveryCodeHash(canonicalCode: string): string {
  return createHash('sha256').update(canonicalCode).digest('hex');
}
