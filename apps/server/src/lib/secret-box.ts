import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1';

/**
 * Secrets kept in the database (TOTP secrets, API credentials) are sealed with AES-256-GCM under a key
 * derived from SECRET_KEY for that purpose: a copied table alone reveals nothing, and a tampered value
 * fails to open instead of yielding garbage. Format: `v1.<iv>.<tag>.<ciphertext>`, base64url parts.
 */
export function seal(key: Buffer, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv, tag, ciphertext]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

const SEALED_FORMAT = /^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]*$/;

/**
 * Whether text has the shape `seal` gives (not whether it opens): how a value stored before sealing began
 * is told from a sealed one.
 */
export function looksSealed(text: string): boolean {
  return SEALED_FORMAT.test(text);
}

/** Opens a value made by `seal` with the same key; throws if it was altered or sealed with another key. */
export function open(key: Buffer, sealed: string): string {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined)
    throw new Error('sealed value malformed');
  const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(iv, 'base64url'), {
    authTagLength: TAG_BYTES,
  });
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}
