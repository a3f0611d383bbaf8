import type { lookup as dnsLookup } from 'node:dns';
import { isIP } from 'node:net';
import { pipeline, type Readable, type Transform } from 'node:stream';
import zlib from 'node:zlib';
import { Agent, type Dispatcher } from 'undici';
import { type OutboundPolicy, REFUSED_ADDRESS_MESSAGES, refusedClass } from './address-policy';
import { guardedConnector } from './guarded-connector';
import { formatBytes, formatSeconds, OutboundError } from './outbound-error';

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
const MAX_REDIRECTS = 5;

export type SafeFetchOptions = {
  method?: Dispatcher.HttpMethod;
  headers?: Record<string, string>;
  body?: string | Uint8Array | null;
  /** Total deadline: lookup, connect, headers, body and decompression together. */
  timeoutMs?: number;
  /** Cap on the body after decompression. */
  maxBytes?: number;
  /** Follow up to 5 redirects, each hop checked like the first. Off: a redirect is an error. */
  followRedirects?: boolean;
  /** Aborts the request (e.g. at shutdown); reported as a network failure. */
  signal?: AbortSignal;
  /** More headers that carry a secret (an API key, custom headers) and so stay behind like `authorization`. */
  credentialHeaders?: string[];
};

export type SafeResponse = {
  status: number;
  headers: Record<string, string>;
  /** The decompressed body. */
  body: Buffer;
  /** The URL that answered, after any redirects. */
  url: string;
  redirects: number;
  durationMs: number;
};

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Headers that must not follow a redirect to another origin. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

/**
 * The URL if `safeFetch` may try it, else the OutboundError it would throw: http(s) only, and an address
 * literal the policy refuses is refused here. A name is judged later, on the address it resolves to.
 */
export function parseTarget(raw: string, policy: OutboundPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundError('invalid-url', 'Ugyldig URL', raw);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundError('scheme', 'Bare http og https er tillatt', url.origin);
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
    const refused = refusedClass(host, policy, port);
    if (refused && refused !== 'public') {
      throw new OutboundError('forbidden-address', REFUSED_ADDRESS_MESSAGES[refused], url.host);
    }
  }
  return url;
}

/** Content-Encoding values in the order they must be undone (the last applied first). */
function decodersFor(contentEncoding: string | undefined): Transform[] {
  if (!contentEncoding) return [];
  const codings = contentEncoding
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c && c !== 'identity')
    .reverse();
  return codings.map((coding) => {
    // Flush like a browser: a body cut short by the server still yields what arrived.
    const opts = { flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH };
    if (coding === 'gzip' || coding === 'x-gzip') return zlib.createGunzip(opts);
    if (coding === 'deflate') return zlib.createInflate(opts);
    if (coding === 'br') return zlib.createBrotliDecompress();
    throw new OutboundError('decoding', `Ukjent innholdskoding: ${coding}`);
  });
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** Reads the body through its decoders, stopping as soon as the decoded size passes `maxBytes`. */
async function readCapped(body: Readable, decoders: Transform[], maxBytes: number): Promise<Buffer> {
  const last = decoders.at(-1);
  // pipeline wires errors and teardown through every stage; we read from its last one.
  if (last) pipeline([body, ...decoders], () => {});
  const stream: Readable = last ?? body;
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > maxBytes) {
        throw new OutboundError('too-large', `Svaret er større enn ${formatBytes(maxBytes)}`);
      }
      chunks.push(chunk);
    }
  } finally {
    body.destroy();
    for (const decoder of decoders) decoder.destroy();
  }
  return Buffer.concat(chunks, total);
}

function describeFailure(err: unknown, url: URL, timedOut: boolean, timeoutMs: number): OutboundError {
  if (timedOut)
    return new OutboundError('timeout', `Tidsavbrudd etter ${formatSeconds(timeoutMs)}`, url.host);
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof OutboundError) return e;
  }
  const code = String((err as { code?: unknown })?.code ?? '');
  const host = url.host;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME') {
    return new OutboundError('dns', `Fant ikke vertsnavnet ${url.hostname}`, host);
  }
  if (code === 'ECONNREFUSED') return new OutboundError('connect', `${host} avviste tilkoblingen`, host);
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT' || code === 'EHOSTUNREACH') {
    return new OutboundError('connect', `Fikk ikke kontakt med ${host}`, host);
  }
  if (code.startsWith('ERR_TLS') || code.includes('CERT') || code.startsWith('UNABLE_TO')) {
    return new OutboundError('tls', `TLS-sertifikatet til ${host} ble ikke godtatt (${code})`, host);
  }
  if (code.startsWith('Z_') || code === 'ERR_BROTLI_DECOMPRESSION_FAILED' || code.includes('ZLIB')) {
    return new OutboundError('decoding', 'Svaret kunne ikke pakkes ut (ugyldig komprimering)', host);
  }
  return new OutboundError('network', `Nettverksfeil mot ${host}${code ? ` (${code})` : ''}`, host);
}

/**
 * The one way the server calls out (checks, OAuth, webhooks, camera snapshots): http(s) only, every
 * connection's address checked against the policy, a total deadline, a decoded-size cap, and redirects
 * only when asked for. Create one per process and close it on shutdown.
 */
export function createOutboundClient(
  policy: OutboundPolicy & {
    /** DNS lookup to use instead of the system's: a test hook (a name resolving to the metadata address). */
    lookup?: typeof dnsLookup;
  },
) {
  const agent = new Agent({
    connect: guardedConnector(policy, DEFAULT_TIMEOUT_MS, policy.lookup),
    keepAliveTimeout: 4_000,
    // Our own deadline governs; undici's defaults (300 s) must never be the one that fires.
    headersTimeout: 0,
    bodyTimeout: 0,
  });

  async function safeFetch(rawUrl: string, options: SafeFetchOptions = {}): Promise<SafeResponse> {
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    const started = performance.now();
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const abort = () => controller.abort();
    if (options.signal?.aborted) controller.abort();
    options.signal?.addEventListener('abort', abort, { once: true });

    let url = parseTarget(rawUrl, policy);
    let method = options.method ?? 'GET';
    let body = options.body ?? null;
    const headers: Record<string, string> = {
      'user-agent': 'Vaskedrift',
      'accept-encoding': 'gzip, deflate, br',
      ...Object.fromEntries(Object.entries(options.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
    };
    if ((url.username || url.password) && !headers.authorization) {
      const user = decodeURIComponent(url.username);
      const pass = decodeURIComponent(url.password);
      headers.authorization = `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
    }

    try {
      for (let redirects = 0; ; redirects++) {
        const res = await agent.request({
          origin: url.origin,
          path: `${url.pathname}${url.search}`,
          method,
          headers,
          body,
          signal: controller.signal,
        });
        const location = res.headers.location;
        if (REDIRECT_STATUSES.has(res.statusCode) && typeof location === 'string') {
          await res.body.dump().catch(() => {});
          if (!options.followRedirects) {
            throw new OutboundError(
              'redirect',
              `Svaret er en videresending (${res.statusCode}), og videresending er ikke slått på`,
              url.host,
            );
          }
          if (redirects + 1 > MAX_REDIRECTS) {
            throw new OutboundError(
              'too-many-redirects',
              `For mange videresendinger (over ${MAX_REDIRECTS})`,
            );
          }
          const next = parseTarget(new URL(location, url).href, policy);
          if (next.origin !== url.origin) {
            for (const name of [...CREDENTIAL_HEADERS, ...(options.credentialHeaders ?? [])]) {
              delete headers[name.toLowerCase()];
            }
          }
          // As browsers do: 303, and 301/302 after a POST, continue as a GET without a body.
          if (
            res.statusCode === 303 ||
            ((res.statusCode === 301 || res.statusCode === 302) && method === 'POST')
          ) {
            method = 'GET';
            body = null;
            delete headers['content-type'];
          }
          url = next;
          continue;
        }
        const encoding = res.headers['content-encoding'];
        const declared = Number(res.headers['content-length']);
        if (!encoding && Number.isFinite(declared) && declared > maxBytes) {
          res.body.destroy();
          throw new OutboundError('too-large', `Svaret er større enn ${formatBytes(maxBytes)}`, url.host);
        }
        const decoders = decodersFor(typeof encoding === 'string' ? encoding : encoding?.join(','));
        const decoded = await readCapped(res.body, decoders, maxBytes);
        if (timedOut) throw new OutboundError('timeout', `Tidsavbrudd etter ${formatSeconds(timeoutMs)}`);
        return {
          status: res.statusCode,
          headers: flattenHeaders(res.headers),
          body: decoded,
          url: url.href,
          redirects,
          durationMs: Math.round(performance.now() - started),
        };
      }
    } catch (err) {
      throw describeFailure(err, url, timedOut, timeoutMs);
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abort);
    }
  }

  return { safeFetch, policy, close: () => agent.close() };
}

export type OutboundClient = ReturnType<typeof createOutboundClient>;
