import { createHash } from 'node:crypto';
import { DEFAULT_TOKEN_PATH, readPath } from '@vaskedrift/shared';
import { OutboundError } from '../../../lib/outbound';
import { type ApiConnection, type AuthContext, type Authenticator, CheckFailure, remaining } from './types';

/** Tokens are used until this long before they expire, so one never runs out mid-request. */
const EXPIRY_MARGIN_MS = 30_000;
/** When the token response has no `expires_in`: reuse it this long (a 401 refreshes it sooner). */
const DEFAULT_TOKEN_LIFETIME_MS = 10 * 60_000;
const TOKEN_RESPONSE_MAX_BYTES = 64 * 1024;

/** `expiresAt` on the monotonic clock (`performance.now()`): the token's lifetime is a duration. */
type CachedToken = { fingerprint: string; token: string; expiresAt: number };

/** Changes when anything that makes the token changes (URL, client, secret, path): the cache then misses. */
function fingerprint(api: ApiConnection): string {
  return createHash('sha256')
    .update([api.authEndpointUrl, api.clientId, api.clientSecret, api.tokenPath].join('\u0000'))
    .digest('hex');
}

function tokenFailure(message: string, status: number | null = null): CheckFailure {
  return new CheckFailure('auth/token', `Klarte ikke å hente OAuth2-token: ${message}`, status);
}

/**
 * OAuth2 client credentials (RFC 6749 §4.4): POST `grant_type=client_credentials` with the client id and
 * secret in the form body to `authEndpointUrl`, read the token at `tokenPath` (dot path, default
 * access_token), and keep it in memory per API until shortly before `expires_in`. Concurrent checks of
 * one API share one token request. Each server instance holds its own tokens.
 */
export function createOAuth2Auth(): Authenticator & { clear(): void; size(): number } {
  const cache = new Map<string, CachedToken>();
  const pending = new Map<string, Promise<CachedToken>>();

  async function fetchToken(api: ApiConnection, ctx: AuthContext, print: string): Promise<CachedToken> {
    if (!api.authEndpointUrl || !api.clientId || !api.clientSecret) {
      throw new CheckFailure('auth/missing-secret', 'Token-URL, klient-ID eller klienthemmelighet mangler');
    }
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: api.clientId,
      client_secret: api.clientSecret,
    });
    const scope = api.details.scope;
    if (typeof scope === 'string' && scope) form.set('scope', scope);
    let res: Awaited<ReturnType<typeof ctx.outbound.safeFetch>>;
    try {
      res = await ctx.outbound.safeFetch(api.authEndpointUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form.toString(),
        timeoutMs: remaining(ctx.deadline),
        maxBytes: TOKEN_RESPONSE_MAX_BYTES,
        followRedirects: api.details.followRedirects === true,
        signal: ctx.signal,
      });
    } catch (err) {
      if (err instanceof OutboundError) throw tokenFailure(err.message);
      throw err;
    }
    if (res.status >= 400) throw tokenFailure(`token-URL-en svarte HTTP ${res.status}`, res.status);
    let parsed: unknown;
    try {
      parsed = JSON.parse(res.body.toString('utf8'));
    } catch {
      throw tokenFailure('svaret er ikke gyldig JSON', res.status);
    }
    const path = api.tokenPath || DEFAULT_TOKEN_PATH;
    const reading = readPath(parsed, path);
    if (!reading.found || typeof reading.value !== 'string' || reading.value === '') {
      throw tokenFailure(`fant ikke tokenet på stien «${path}»`, res.status);
    }
    const expiresIn = readPath(parsed, 'expires_in');
    const seconds = expiresIn.found ? Number(expiresIn.value) : Number.NaN;
    const lifetime =
      Number.isFinite(seconds) && seconds > 0
        ? Math.max(1000, seconds * 1000 - Math.min(EXPIRY_MARGIN_MS, seconds * 100))
        : DEFAULT_TOKEN_LIFETIME_MS;
    return { fingerprint: print, token: reading.value, expiresAt: performance.now() + lifetime };
  }

  async function headers(api: ApiConnection, ctx: AuthContext): Promise<Record<string, string>> {
    const print = fingerprint(api);
    const cached = cache.get(api.id);
    if (cached && cached.fingerprint === print && cached.expiresAt > performance.now()) {
      return { authorization: `Bearer ${cached.token}` };
    }
    let request = pending.get(api.id);
    if (!request) {
      request = fetchToken(api, ctx, print).finally(() => pending.delete(api.id));
      pending.set(api.id, request);
    }
    const token = await request;
    cache.set(api.id, token);
    return { authorization: `Bearer ${token.token}` };
  }

  return {
    headers,
    /** The token was refused (revoked or expired early): forget it and fetch a new one. */
    answerChallenge(api, ctx) {
      cache.delete(api.id);
      return headers(api, ctx);
    },
    clear: () => cache.clear(),
    size: () => cache.size,
  };
}
