import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import {
  type ApiClientDeps,
  createApiClient,
  createAuthorizedCall,
  filenameFromDisposition,
} from './create-api-client';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const invalidToken = () =>
  json(401, { message: 'Ugyldig eller utløpt token', details: null, hint: null, code: 'auth/invalid-token' });

/** A fake server answering from a queue, and a fake session whose token changes on each refresh. */
function setup(answers: Array<() => Response | Promise<Response>>, overrides: Partial<ApiClientDeps> = {}) {
  let token = 'token-0';
  let refreshes = 0;
  const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init });
    const answer = answers.shift();
    if (!answer) throw new Error('no more answers');
    return answer();
  });
  const deps: ApiClientDeps = {
    fetch: fetch as unknown as typeof globalThis.fetch,
    getAccessToken: async () => token,
    refresh: vi.fn(async () => {
      refreshes += 1;
      token = `token-${refreshes}`;
      return true;
    }),
    signOut: vi.fn(async () => {}),
    ...overrides,
  };
  const authHeader = (i: number) =>
    (calls[i]?.init?.headers as Record<string, string> | undefined)?.authorization;
  return { request: createApiClient(deps), deps, calls, authHeader };
}

describe('apiRequest', () => {
  it('sends JSON with the bearer token to /api/v1 and answers the body', async () => {
    const { request, calls, authHeader } = setup([() => json(200, { data: { ok: true } })]);
    await expect(request('POST', 'backend/locations/get', { id: 1 })).resolves.toEqual({
      data: { ok: true },
    });
    expect(calls[0]?.url).toBe('/api/v1/backend/locations/get');
    expect(calls[0]?.init?.method).toBe('POST');
    expect(calls[0]?.init?.body).toBe('{"id":1}');
    expect(authHeader(0)).toBe('Bearer token-0');
  });

  it('refreshes the session and retries with the new token after auth/invalid-token', async () => {
    const { request, deps, authHeader } = setup([invalidToken, () => json(200, { data: 1 })]);
    await expect(request('GET', 'misc/fallback')).resolves.toEqual({ data: 1 });
    expect(deps.refresh).toHaveBeenCalledTimes(1);
    expect(authHeader(1)).toBe('Bearer token-1');
  });

  it('also retries after auth/user-not-found', async () => {
    const userNotFound = () =>
      json(401, { message: 'Fant ikke brukeren', details: null, hint: null, code: 'auth/user-not-found' });
    const { request, deps } = setup([userNotFound, () => json(200, { data: 2 })]);
    await expect(request('GET', 'x')).resolves.toEqual({ data: 2 });
    expect(deps.refresh).toHaveBeenCalledTimes(1);
  });

  it('retries at most twice, then passes the server error on', async () => {
    const { request, deps, calls } = setup([invalidToken, invalidToken, invalidToken, invalidToken]);
    const error = await request('GET', 'x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'auth/invalid-token', status: 401 });
    expect(calls).toHaveLength(3);
    expect(deps.refresh).toHaveBeenCalledTimes(2);
    expect(deps.signOut).not.toHaveBeenCalled();
  });

  it('signs out locally and fails with auth/token-refresh-failed when the refresh fails', async () => {
    const { request, deps, calls } = setup([invalidToken, () => json(200, {})], {
      refresh: vi.fn(async () => false),
    });
    await expect(request('GET', 'x')).rejects.toMatchObject({ code: 'auth/token-refresh-failed' });
    expect(deps.signOut).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(1);
  });

  it('treats a thrown refresh as a failed one', async () => {
    const { request, deps } = setup([invalidToken], {
      refresh: vi.fn(async () => {
        throw new Error('refresh_token_already_used');
      }),
    });
    await expect(request('GET', 'x')).rejects.toMatchObject({ code: 'auth/token-refresh-failed' });
    expect(deps.signOut).toHaveBeenCalledTimes(1);
  });

  it('shares one refresh between parallel requests', async () => {
    const { request, deps } = setup([
      invalidToken,
      invalidToken,
      () => json(200, { data: 'a' }),
      () => json(200, { data: 'b' }),
    ]);
    await Promise.all([request('GET', 'a'), request('GET', 'b')]);
    expect(deps.refresh).toHaveBeenCalledTimes(1);
  });

  it('does not retry other errors and keeps the server body as-is', async () => {
    const body = {
      message: 'Ingen tilgang',
      details: { need: 'admin' },
      hint: 'Be en admin',
      code: 'auth/forbidden',
    };
    const { request, deps } = setup([() => json(403, body)]);
    const error = await request('GET', 'x').catch((e: unknown) => e);
    expect(error).toMatchObject({ ...body, status: 403 });
    expect(deps.refresh).not.toHaveBeenCalled();
  });

  it('reports a failed fetch as network/error', async () => {
    const { request } = setup([
      () => {
        throw new TypeError('Failed to fetch');
      },
    ]);
    await expect(request('GET', 'x')).rejects.toMatchObject({ code: 'network/error', status: 0 });
  });

  it('reports an answer that is not an error body as misc/unknown', async () => {
    const { request } = setup([() => new Response('<html>Bad gateway</html>', { status: 502 })]);
    await expect(request('GET', 'x')).rejects.toMatchObject({ code: 'misc/unknown', status: 502 });
  });

  it('fails with auth/no-token when the refresh leaves no token', async () => {
    let token: string | null = 'old';
    const { request } = setup([invalidToken], {
      getAccessToken: async () => token,
      refresh: async () => {
        token = null;
        return true;
      },
    });
    await expect(request('GET', 'x')).rejects.toMatchObject({ code: 'auth/no-token' });
  });

  it('gives another transport (an upload) the same refresh-and-resend on an expired token', async () => {
    const { deps } = setup([]);
    const authorizedCall = createAuthorizedCall(deps);
    const tokens: Array<string | null> = [];
    const upload = authorizedCall((token) => {
      tokens.push(token);
      return Promise.resolve(tokens.length === 1 ? invalidToken() : json(200, { data: 'lagret' }));
    });
    await expect(upload).resolves.toEqual({ data: 'lagret' });
    expect(tokens).toEqual(['token-0', 'token-1']);
    expect(deps.refresh).toHaveBeenCalledTimes(1);
  });
});

describe('apiRequest.download', () => {
  it('answers the file and its name, with the bearer token, after a token refresh', async () => {
    const csv = () =>
      new Response('\uFEFFAnlegg;Vaskehall\n', {
        status: 200,
        headers: {
          'content-disposition':
            'attachment; filename="r.csv"; filename*=UTF-8\'\'tilgjengelighet-%C3%A5r.csv',
        },
      });
    const { request, authHeader } = setup([invalidToken, csv]);
    const file = await request.download('POST', 'backend/reports/availability/export', {});
    expect(file.filename).toBe('tilgjengelighet-år.csv');
    expect(new Uint8Array(await file.blob.arrayBuffer()).slice(0, 3)).toEqual(
      new Uint8Array([0xef, 0xbb, 0xbf]),
    );
    expect(authHeader(1)).toBe('Bearer token-1');
  });

  it('reads a plain file name and throws the server message on an error', async () => {
    expect(filenameFromDisposition('attachment; filename="rapport.csv"')).toBe('rapport.csv');
    expect(filenameFromDisposition(null)).toBeNull();
    const { request } = setup([
      () => json(404, { message: 'Fant ikke anlegget', details: null, hint: null, code: 'x' }),
    ]);
    await expect(request.download('POST', 'backend/reports/availability/export', {})).rejects.toMatchObject({
      message: 'Fant ikke anlegget',
    });
  });
});
