import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DigestNonces, verifyDigest } from './digest';
import { HttpError, readBody, sendJson } from './http';
import type { SimulatedLocation } from './locations';

export const DEFAULT_TOKEN_TTL_SECONDS = 300;
/** Expired tokens are swept when this many are held, so a long benchmark does not grow the map. */
const TOKEN_SWEEP_SIZE = 10_000;

function safeEqual(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** OAuth2 access tokens issued by `POST /oauth/token`, each valid for one facility until it expires. */
export class TokenStore {
  private readonly tokens = new Map<string, { locationId: string; expiresAt: number }>();

  constructor(
    private readonly now: () => number,
    public ttlSeconds: number = DEFAULT_TOKEN_TTL_SECONDS,
  ) {}

  issue(locationId: string) {
    if (this.tokens.size >= TOKEN_SWEEP_SIZE) this.sweep();
    const token = randomBytes(24).toString('base64url');
    this.tokens.set(token, { locationId, expiresAt: this.now() + this.ttlSeconds * 1000 });
    return { access_token: token, token_type: 'Bearer', expires_in: this.ttlSeconds };
  }

  isValid(token: string, locationId: string): boolean {
    const entry = this.tokens.get(token);
    if (entry === undefined) return false;
    if (entry.expiresAt <= this.now()) {
      this.tokens.delete(token);
      return false;
    }
    return entry.locationId === locationId;
  }

  revokeAll() {
    this.tokens.clear();
  }

  private sweep() {
    const now = this.now();
    for (const [token, entry] of this.tokens) if (entry.expiresAt <= now) this.tokens.delete(token);
  }
}

function bearerToken(req: IncomingMessage): string | null {
  const header = req.headers.authorization;
  if (header === undefined || !/^bearer /i.test(header)) return null;
  return header.slice(7).trim();
}

function basicCredentials(req: IncomingMessage): { id: string; secret: string } | null {
  const header = req.headers.authorization;
  if (header === undefined || !/^basic /i.test(header)) return null;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon === -1) return null;
  try {
    return {
      id: decodeURIComponent(decoded.slice(0, colon)),
      secret: decodeURIComponent(decoded.slice(colon + 1)),
    };
  } catch {
    return null;
  }
}

const missing = (scheme: string) => new HttpError(401, 'unauthorized', `Missing credentials (${scheme})`);

/** What the checks remember: OAuth2 tokens issued and the key digest nonces are signed with. */
export type AuthState = { tokens: TokenStore; nonces: DigestNonces };

export function createAuthState(now: () => number, tokenTtlSeconds: number): AuthState {
  return { tokens: new TokenStore(now, tokenTtlSeconds), nonces: new DigestNonces(now) };
}

const DIGEST_ERRORS = {
  missing: missing('Digest'),
  stale: new HttpError(401, 'stale_nonce', 'The nonce has expired'),
  wrong: new HttpError(401, 'unauthorized', 'Invalid digest credentials'),
};

function digestOf(location: SimulatedLocation, req: IncomingMessage, nonces: DigestNonces) {
  const { clientId = '', clientSecret = '' } = location.auth;
  return verifyDigest(req, { id: location.id, clientId, clientSecret }, nonces);
}

/**
 * Checks a data request against the facility's auth kind. Missing or wrong credentials → 401, except a
 * wrong API key → 403; an unknown, expired or revoked OAuth2 token → 401 (a client then fetches a new one).
 * Returns the error to send, or null when the request may pass.
 */
export function authenticate(
  location: SimulatedLocation,
  req: IncomingMessage,
  { tokens, nonces }: AuthState,
): HttpError | null {
  const { auth } = location;
  switch (auth.kind) {
    case 'none':
      return null;
    case 'apiKey': {
      const key = req.headers['x-api-key'];
      if (typeof key !== 'string' || key === '') return missing('x-api-key');
      return safeEqual(key, auth.apiKey ?? '') ? null : new HttpError(403, 'forbidden', 'Invalid API key');
    }
    case 'bearer': {
      const token = bearerToken(req);
      if (token === null) return missing('Bearer');
      return safeEqual(token, auth.token ?? '') ? null : new HttpError(401, 'invalid_token', 'Invalid token');
    }
    case 'basic': {
      const credentials = basicCredentials(req);
      if (credentials === null) return missing('Basic');
      const ok =
        safeEqual(credentials.id, auth.clientId ?? '') &&
        safeEqual(credentials.secret, auth.clientSecret ?? '');
      return ok ? null : new HttpError(401, 'unauthorized', 'Invalid client id or secret');
    }
    case 'digest': {
      const outcome = digestOf(location, req, nonces);
      return outcome === 'ok' ? null : DIGEST_ERRORS[outcome];
    }
    case 'oauth2': {
      const token = bearerToken(req);
      if (token === null) return missing('Bearer');
      return tokens.isValid(token, location.id)
        ? null
        : new HttpError(401, 'invalid_token', 'The access token is invalid or has expired');
    }
  }
}

/** The `WWW-Authenticate` challenge sent with a 401 for the facility's auth kind (digest: a fresh nonce). */
export function challenge(
  location: SimulatedLocation,
  req: IncomingMessage,
  { nonces }: AuthState,
): Record<string, string> {
  if (location.auth.kind === 'digest') {
    const stale = digestOf(location, req, nonces) === 'stale';
    return { 'www-authenticate': nonces.challenge(location.id, stale) };
  }
  if (location.auth.kind === 'basic') return { 'www-authenticate': 'Basic realm="vaskedrift-simulator"' };
  if (location.auth.kind === 'bearer' || location.auth.kind === 'oauth2') {
    return { 'www-authenticate': 'Bearer realm="vaskedrift-simulator"' };
  }
  return {};
}

async function tokenRequestParams(req: IncomingMessage): Promise<URLSearchParams> {
  const text = await readBody(req);
  if ((req.headers['content-type'] ?? '').includes('application/json')) {
    try {
      const body: unknown = JSON.parse(text);
      const params = new URLSearchParams();
      if (typeof body === 'object' && body !== null) {
        for (const [key, value] of Object.entries(body))
          if (typeof value === 'string') params.set(key, value);
      }
      return params;
    } catch {
      throw new HttpError(400, 'invalid_request', 'Request body is not valid JSON');
    }
  }
  return new URLSearchParams(text);
}

/**
 * `POST /oauth/token` (RFC 6749 §4.4): `grant_type=client_credentials` with the client's id and secret in
 * the form body (or a JSON body) or as HTTP Basic; answers `{access_token, token_type, expires_in}`.
 */
export async function handleTokenRequest(
  req: IncomingMessage,
  res: ServerResponse,
  locationByClientId: ReadonlyMap<string, SimulatedLocation>,
  tokens: TokenStore,
): Promise<void> {
  const params = await tokenRequestParams(req);
  const grantType = params.get('grant_type');
  if (grantType === null) throw new HttpError(400, 'invalid_request', 'grant_type is required');
  if (grantType !== 'client_credentials') {
    throw new HttpError(400, 'unsupported_grant_type', 'Only client_credentials is supported');
  }
  const basic = basicCredentials(req);
  const id = basic?.id ?? params.get('client_id');
  const secret = basic?.secret ?? params.get('client_secret');
  const location = id === null ? undefined : locationByClientId.get(id);
  if (
    location === undefined ||
    secret === null ||
    location.auth.kind !== 'oauth2' ||
    !safeEqual(secret, location.auth.clientSecret ?? '')
  ) {
    throw new HttpError(401, 'invalid_client', 'Unknown client or wrong secret');
  }
  sendJson(res, 200, tokens.issue(location.id), { 'cache-control': 'no-store' });
}
