import { createHash, randomBytes } from 'node:crypto';
import { type ApiConnection, type Authenticator, CheckFailure } from './types';

/** The algorithms answered (RFC 7616 §3.3), strongest first; `-sess` hashes the client nonce into A1. */
const ALGORITHMS = ['SHA-256', 'SHA-256-sess', 'MD5', 'MD5-sess'] as const;
type DigestAlgorithm = (typeof ALGORITHMS)[number];

export type DigestChallenge = {
  realm: string;
  nonce: string;
  opaque: string | null;
  algorithm: DigestAlgorithm;
  /** The server wants the username hashed (`userhash=true`, RFC 7616 §3.4.4). */
  userhash: boolean;
};

/** One `WWW-Authenticate` value as challenges: scheme and parameters (names lower-cased, quotes removed). */
function parseChallenges(header: string): { scheme: string; params: Map<string, string> }[] {
  const challenges: { scheme: string; params: Map<string, string> }[] = [];
  const item = /([!#$%&'*+.^_`|~0-9A-Za-z-]+)(?:\s*=\s*("(?:[^"\\]|\\.)*"|[^\s,]*))?/g;
  for (const [, name = '', value] of header.matchAll(item)) {
    const current = challenges.at(-1);
    if (value === undefined) challenges.push({ scheme: name.toLowerCase(), params: new Map() });
    else if (current) {
      const unquoted = value.startsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value;
      current.params.set(name.toLowerCase(), unquoted);
    }
  }
  return challenges;
}

/**
 * The strongest Digest challenge of a `WWW-Authenticate` value that this client can answer: qop `auth`
 * offered, a known algorithm (MD5 when none is named). Null when there is none.
 */
export function pickDigestChallenge(header: string): DigestChallenge | null {
  const answerable = parseChallenges(header).flatMap(({ scheme, params }) => {
    const algorithm = (params.get('algorithm') ?? 'MD5').toUpperCase();
    const qops = (params.get('qop') ?? '').split(',').map((qop) => qop.trim().toLowerCase());
    const realm = params.get('realm');
    const nonce = params.get('nonce');
    if (scheme !== 'digest' || !qops.includes('auth') || realm === undefined || !nonce) return [];
    const known = ALGORITHMS.find((name) => name === algorithm);
    if (!known) return [];
    const userhash = params.get('userhash')?.toLowerCase() === 'true';
    return [{ realm, nonce, opaque: params.get('opaque') ?? null, algorithm: known, userhash }];
  });
  answerable.sort((a, b) => ALGORITHMS.indexOf(a.algorithm) - ALGORITHMS.indexOf(b.algorithm));
  return answerable[0] ?? null;
}

function hash(algorithm: DigestAlgorithm, text: string): string {
  return createHash(algorithm.startsWith('SHA-256') ? 'sha256' : 'md5')
    .update(text, 'utf8')
    .digest('hex');
}

export type DigestInput = {
  challenge: DigestChallenge;
  username: string;
  password: string;
  method: string;
  /** The request target as sent: path and query. */
  uri: string;
  /** How many requests this nonce has signed, this one included (1 the first time). */
  nc: number;
  cnonce: string;
};

/** The `response` of RFC 7616 §3.4.1 with qop `auth`: KD(H(A1), nonce:nc:cnonce:qop:H(A2)). */
export function digestResponse(input: DigestInput): string {
  const { challenge } = input;
  const { algorithm } = challenge;
  const nc = input.nc.toString(16).padStart(8, '0');
  let a1 = hash(algorithm, `${input.username}:${challenge.realm}:${input.password}`);
  if (algorithm.endsWith('-sess')) a1 = hash(algorithm, `${a1}:${challenge.nonce}:${input.cnonce}`);
  const a2 = hash(algorithm, `${input.method}:${input.uri}`);
  return hash(algorithm, `${a1}:${challenge.nonce}:${nc}:${input.cnonce}:auth:${a2}`);
}

const quoted = (value: string) => `"${value.replace(/[\\"]/g, '\\$&')}"`;

/** The `Authorization` header value answering a challenge (RFC 7616 §3.4). */
export function digestAuthorization(input: DigestInput): string {
  const { challenge } = input;
  const username = challenge.userhash
    ? hash(challenge.algorithm, `${input.username}:${challenge.realm}`)
    : input.username;
  const params = [
    `username=${quoted(username)}`,
    `realm=${quoted(challenge.realm)}`,
    `uri=${quoted(input.uri)}`,
    `algorithm=${challenge.algorithm}`,
    `nonce=${quoted(challenge.nonce)}`,
    `nc=${input.nc.toString(16).padStart(8, '0')}`,
    `cnonce=${quoted(input.cnonce)}`,
    'qop=auth',
    `response=${quoted(digestResponse(input))}`,
    ...(challenge.opaque === null ? [] : [`opaque=${quoted(challenge.opaque)}`]),
    ...(challenge.userhash ? ['userhash=true'] : []),
  ];
  return `Digest ${params.join(', ')}`;
}

/** `fingerprint` changes with the client id or secret: a session of other credentials is not reused. */
type Session = { fingerprint: string; challenge: DigestChallenge; nc: number };

const fingerprint = (api: ApiConnection) =>
  createHash('sha256').update(`${api.clientId}\u0000${api.clientSecret}`).digest('hex');

/**
 * HTTP Digest (RFC 7616, qop `auth`, SHA-256 or MD5) with the client id as username and the client
 * secret as password. The first request goes without credentials; the server's 401 challenge is answered
 * and its nonce kept per API, so later checks sign at once with the next nonce count. A 401 to those (an
 * expired or `stale` nonce) is answered with the new challenge.
 */
export function createDigestAuth(): Authenticator {
  const sessions = new Map<string, Session>();

  function credentials(api: ApiConnection) {
    if (!api.clientId || !api.clientSecret) {
      throw new CheckFailure('auth/missing-secret', 'Klient-ID eller klienthemmelighet mangler');
    }
    return { username: api.clientId, password: api.clientSecret };
  }

  function sign(api: ApiConnection, session: Session, request: { method: string; url: string }) {
    session.nc += 1;
    const url = new URL(request.url);
    const authorization = digestAuthorization({
      ...credentials(api),
      challenge: session.challenge,
      method: request.method,
      uri: `${url.pathname}${url.search}`,
      nc: session.nc,
      cnonce: randomBytes(16).toString('hex'),
    });
    return { authorization };
  }

  return {
    async headers(api, ctx) {
      credentials(api);
      const session = sessions.get(api.id);
      if (!session || session.fingerprint !== fingerprint(api)) return {};
      return sign(api, session, ctx.request);
    },
    async answerChallenge(api, ctx, header) {
      const challenge = pickDigestChallenge(header);
      if (!challenge) {
        sessions.delete(api.id);
        return null;
      }
      const session = { fingerprint: fingerprint(api), challenge, nc: 0 };
      sessions.set(api.id, session);
      return sign(api, session, ctx.request);
    },
  };
}
