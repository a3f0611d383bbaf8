import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const DIGEST_REALM = 'vaskedrift-simulator';
/** How long a nonce signs requests; after that a request with it is answered 401 with `stale=true`. */
export const DIGEST_NONCE_TTL_SECONDS = 300;

/** The algorithms offered, strongest first, with their node:crypto names. */
const ALGORITHMS: Record<string, string> = { 'SHA-256': 'sha256', MD5: 'md5' };

type NonceState = 'valid' | 'stale' | 'invalid';

/**
 * Digest nonces (RFC 7616): the issue time and an HMAC of it and the facility under this simulator's key,
 * so nothing is stored; valid DIGEST_NONCE_TTL_SECONDS for that facility. Nonce counts are not tracked
 * (no replay protection: the simulator tests clients, not attackers).
 */
export class DigestNonces {
  private readonly key = randomBytes(32);

  constructor(private readonly now: () => number) {}

  private sign(locationId: string, issued: string): string {
    return createHmac('sha256', this.key).update(`${locationId}\0${issued}`).digest('base64url');
  }

  issue(locationId: string): string {
    const issued = this.now().toString(36);
    return `${issued}.${this.sign(locationId, issued)}`;
  }

  check(nonce: string, locationId: string): NonceState {
    const [issued = '', signature = ''] = nonce.split('.');
    const expected = Buffer.from(this.sign(locationId, issued));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    const age = this.now() - Number.parseInt(issued, 36);
    return age >= 0 && age < DIGEST_NONCE_TTL_SECONDS * 1000 ? 'valid' : 'stale';
  }

  /** The `WWW-Authenticate` value: one challenge per algorithm, SHA-256 first, one fresh nonce. */
  challenge(locationId: string, stale: boolean): string {
    const nonce = this.issue(locationId);
    return Object.keys(ALGORITHMS)
      .map(
        (algorithm) =>
          `Digest realm="${DIGEST_REALM}", qop="auth", algorithm=${algorithm}, nonce="${nonce}"` +
          (stale ? ', stale=true' : ''),
      )
      .join(', ');
  }
}

/** The parameters of an `Authorization: Digest …` header, or null when it is not one. */
function digestParams(req: IncomingMessage): Map<string, string> | null {
  const header = req.headers.authorization;
  if (header === undefined || !/^digest /i.test(header)) return null;
  const params = new Map<string, string>();
  for (const [, name = '', quoted, plain] of header
    .slice(7)
    .matchAll(/([\w-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]*))/g)) {
    params.set(name.toLowerCase(), quoted === undefined ? (plain ?? '') : quoted.replace(/\\(.)/g, '$1'));
  }
  return params;
}

/** The response a client that knows the password sends (RFC 7616 §3.4.1, qop `auth`). */
export function expectedDigestResponse(
  params: Map<string, string>,
  password: string,
  method: string,
): string | null {
  const algorithm = params.get('algorithm') ?? 'MD5';
  const hashName = Object.hasOwn(ALGORITHMS, algorithm) ? ALGORITHMS[algorithm] : undefined;
  if (hashName === undefined) return null;
  const h = (text: string) => createHash(hashName).update(text, 'utf8').digest('hex');
  const get = (name: string) => params.get(name) ?? '';
  const a1 = h(`${get('username')}:${get('realm')}:${password}`);
  const a2 = h(`${method}:${get('uri')}`);
  return h(`${a1}:${get('nonce')}:${get('nc')}:${get('cnonce')}:auth:${a2}`);
}

/**
 * Checks a digest-signed request against the facility's client id and secret: the realm, the request's own
 * URI, qop `auth`, a nonce this simulator gave the facility and still valid, and the response.
 */
export function verifyDigest(
  req: IncomingMessage,
  location: { id: string; clientId: string; clientSecret: string },
  nonces: DigestNonces,
): 'ok' | 'missing' | 'stale' | 'wrong' {
  const params = digestParams(req);
  if (params === null) return 'missing';
  const nonce = nonces.check(params.get('nonce') ?? '', location.id);
  if (nonce === 'stale') return 'stale';
  const expected = expectedDigestResponse(params, location.clientSecret, req.method ?? 'GET');
  const given = params.get('response') ?? '';
  const ok =
    nonce === 'valid' &&
    expected !== null &&
    params.get('username') === location.clientId &&
    params.get('realm') === DIGEST_REALM &&
    params.get('uri') === req.url &&
    params.get('qop') === 'auth' &&
    given.length === expected.length &&
    timingSafeEqual(Buffer.from(given), Buffer.from(expected));
  return ok ? 'ok' : 'wrong';
}
