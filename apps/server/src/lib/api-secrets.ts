import { untouchedHeaders } from '@vaskedrift/shared';
import type { apis } from '../db/schema';
import { deriveKey, randomToken, sha256 } from './crypto';
import { looksSealed, open, seal } from './secret-box';

/**
 * Sealing and opening of an API's secrets (client secret, API key, custom header values, push token)
 * under a key derived from SECRET_KEY for this purpose only. The push token is also stored as its sha256,
 * which is what a push is looked up by.
 */
export function createApiSecrets(secretKey: string) {
  const key = deriveKey(secretKey, 'api-secrets');
  /** A sealed value, or null when it cannot be opened (SECRET_KEY changed, value altered). */
  function tryOpen(sealed: string | null): string | null {
    if (sealed === null) return null;
    try {
      return open(key, sealed);
    } catch {
      return null;
    }
  }
  return {
    seal: (plaintext: string) => seal(key, plaintext),
    open: (sealed: string) => open(key, sealed),
    tryOpen,
    /**
     * A stored header value opened; a plain one (stored before header values were sealed, until the
     * start-up step seals it) as it is; null when it cannot be opened.
     */
    openHeaderValue: (stored: string) => (looksSealed(stored) ? tryOpen(stored) : stored),
    /** Header values as typed, each sealed. */
    sealHeaders: (headers: Record<string, string>) => mapValues(headers, (value) => seal(key, value)),
    /**
     * Headers stored before their values were sealed (plain text) sealed now; null when all already are.
     * A value that looks sealed but does not open (SECRET_KEY changed) is left for the check to report.
     */
    sealPlainHeaders(headers: Record<string, string>): Record<string, string> | null {
      if (Object.values(headers).every(looksSealed)) return null;
      return mapValues(headers, (value) => (looksSealed(value) ? value : seal(key, value)));
    },
    newPushToken() {
      const token = randomToken(24);
      return { token, hash: sha256(token), sealed: seal(key, token) };
    },
    hashPushToken: (token: string) => sha256(token),
  };
}

/**
 * The stored secrets that new values leave as they are (neither typed again nor cleared), by request
 * path: `apiKey`, `clientSecret`, `headers.<name>`. When the values move the address, these are the
 * ones that must not follow (decision 015).
 */
export function secretsLeftAsStored(
  stored: Pick<typeof apis.$inferSelect, 'apiKeyEncrypted' | 'clientSecretEncrypted' | 'headers'>,
  input: { apiKey?: string | null; clientSecret?: string | null; headers?: Record<string, string | null> },
): string[] {
  return [
    ...(stored.apiKeyEncrypted && input.apiKey === undefined ? ['apiKey'] : []),
    ...(stored.clientSecretEncrypted && input.clientSecret === undefined ? ['clientSecret'] : []),
    ...untouchedHeaders(Object.keys(stored.headers), input.headers).map((name) => `headers.${name}`),
  ];
}

function mapValues(record: Record<string, string>, map: (value: string) => string): Record<string, string> {
  return Object.fromEntries(Object.entries(record).map(([name, value]) => [name, map(value)]));
}

export type ApiSecrets = ReturnType<typeof createApiSecrets>;
