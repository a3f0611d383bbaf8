import { MAX_RESPONSE_BYTES } from '@vaskedrift/shared';
import { type OutboundClient, OutboundError, type SafeResponse } from '../../../lib/outbound';
import { type ApiConnection, type Authenticator, CheckFailure, remaining } from './types';

export type PollResult = {
  httpStatus: number;
  contentType: string | null;
  /** The decompressed body, parsed. */
  json: unknown;
  bytes: number;
};

/** The endpoint URL with the API's query parameters added (kept beside any already in the URL). */
function requestUrl(api: ApiConnection): string {
  const url = new URL(api.endpointUrl);
  for (const [name, value] of Object.entries(api.params)) url.searchParams.append(name, value);
  return url.href;
}

function requestHeaders(api: ApiConnection, auth: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const [name, value] of Object.entries(api.headers)) headers[name.toLowerCase()] = value;
  if (api.method === 'POST' && api.body && !headers['content-type']) {
    headers['content-type'] = 'application/json';
  }
  return { ...headers, ...auth };
}

/** A response body as JSON: a BOM is skipped; anything else that is not JSON fails the check. */
export function parseJsonBody(body: Buffer, httpStatus: number | null): unknown {
  let text = body.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  try {
    return JSON.parse(text);
  } catch {
    throw new CheckFailure('response/invalid-json', 'Svaret er ikke gyldig JSON', httpStatus, body.length);
  }
}

function fromOutbound(err: unknown): never {
  if (err instanceof OutboundError) throw new CheckFailure(err.code, err.message);
  throw err;
}

/**
 * Reads a controller by polling: authenticates, sends the request through the outbound guard (total
 * deadline, 5 MB after decompression, redirects only when `details.followRedirects`, SSRF rules on every
 * connection), and parses the JSON. A 401 goes to the auth method's `answerChallenge`, if it has one, and
 * the request is tried once more with the headers it answers (OAuth2: a new token; digest: the response). HTTP
 * status 400 and above, invalid JSON and every outbound refusal are failures with a Norwegian reason.
 */
export async function pollApi(
  api: ApiConnection,
  deps: { outbound: OutboundClient; authenticator: Authenticator; timeoutMs: number; signal?: AbortSignal },
): Promise<PollResult> {
  const deadline = performance.now() + deps.timeoutMs;
  let url: string;
  try {
    url = requestUrl(api);
  } catch {
    throw new CheckFailure('outbound/invalid-url', 'Ugyldig URL');
  }
  const ctx = {
    outbound: deps.outbound,
    deadline,
    signal: deps.signal,
    request: { method: api.method, url },
  };
  const send = async (auth: Record<string, string>): Promise<SafeResponse> =>
    deps.outbound
      .safeFetch(url, {
        method: api.method,
        headers: requestHeaders(api, auth),
        body: api.method === 'POST' ? api.body : null,
        timeoutMs: remaining(deadline),
        maxBytes: MAX_RESPONSE_BYTES,
        followRedirects: api.details.followRedirects === true,
        signal: deps.signal,
        // A redirect to another origin gets neither the auth method's headers nor the sealed custom ones.
        credentialHeaders: [...Object.keys(auth), ...Object.keys(api.headers)],
      })
      .catch(fromOutbound);
  const { authenticator } = deps;
  let res = await send(await authenticator.headers(api, ctx));
  if (res.status === 401 && authenticator.answerChallenge) {
    const answer = await authenticator.answerChallenge(api, ctx, res.headers['www-authenticate'] ?? '');
    if (answer) res = await send(answer);
  }
  if (res.status >= 400) {
    throw new CheckFailure(
      `http/${res.status}`,
      `Svarte med HTTP ${res.status}`,
      res.status,
      res.body.length,
    );
  }
  return {
    httpStatus: res.status,
    contentType: res.headers['content-type'] ?? null,
    json: parseJsonBody(res.body, res.status),
    bytes: res.body.length,
  };
}
