const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Bytes at or above this would make the first letters likelier than the rest: drawn again. */
const UNBIASED_LIMIT = 256 - (256 % ALPHABET.length);

export const GENERATED_SECRET_LENGTH = 32;

/** A random secret of letters and digits from the browser's cryptographic generator (~190 bits). */
export function generateSecret(
  length = GENERATED_SECRET_LENGTH,
  random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (bytes) => crypto.getRandomValues(bytes),
): string {
  let secret = '';
  while (secret.length < length) {
    for (const byte of random(new Uint8Array(length))) {
      if (byte < UNBIASED_LIMIT && secret.length < length) secret += ALPHABET[byte % ALPHABET.length];
    }
  }
  return secret;
}
