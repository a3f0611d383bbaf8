import { deriveKey, randomToken, sha256 } from '../../lib/crypto';
import { open, seal } from '../../lib/secret-box';

/**
 * Sealing and opening of an API's secrets (client secret, API key, push token) under a key derived from
 * SECRET_KEY for this purpose only. The push token is also stored as its sha256, which is what a push
 * is looked up by.
 */
export function createApiSecrets(secretKey: string) {
  const key = deriveKey(secretKey, 'api-secrets');
  return {
    seal: (plaintext: string) => seal(key, plaintext),
    open: (sealed: string) => open(key, sealed),
    /** A sealed value, or null when it cannot be opened (SECRET_KEY changed, value altered). */
    tryOpen(sealed: string | null): string | null {
      if (sealed === null) return null;
      try {
        return open(key, sealed);
      } catch {
        return null;
      }
    },
    newPushToken() {
      const token = randomToken(24);
      return { token, hash: sha256(token), sealed: seal(key, token) };
    },
    hashPushToken: (token: string) => sha256(token),
  };
}

export type ApiSecrets = ReturnType<typeof createApiSecrets>;
