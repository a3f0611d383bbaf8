import { createHash, createHmac, randomBytes } from 'node:crypto';

/** A purpose-bound key derived from SECRET_KEY, so one secret never signs two kinds of thing. */
export function deriveKey(secret: string, purpose: string): Buffer {
  return createHmac('sha256', secret).update(`vaskedrift:${purpose}`).digest();
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are stored hashed: a leaked table grants nothing. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
