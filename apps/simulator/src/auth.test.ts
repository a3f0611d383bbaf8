import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, type LocationInfo, type Simulator } from './simulator';

let simulator: Simulator;
let clock = Date.parse('2025-06-01T12:00:00Z');

beforeAll(async () => {
  // Auth kinds rotate: none, apiKey, bearer, basic, oauth2, none.
  simulator = await createSimulator({ locationCount: 6, baysPerLocation: 2, drift: false, now: () => clock });
});
afterAll(() => simulator.close());

function location(kind: LocationInfo['auth']['kind']): LocationInfo {
  const found = simulator.locations.find((f) => f.auth.kind === kind);
  if (!found) throw new Error(`no ${kind} facility`);
  return found;
}

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

async function getData(f: LocationInfo, headers: Record<string, string> = {}) {
  const response = await fetch(`${simulator.url}${f.endpointPath}`, { headers });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

async function token(body: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${simulator.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('auth kinds', () => {
  it('none: answers anyone', async () => {
    expect((await getData(location('none'))).status).toBe(200);
  });

  it('apiKey: the x-api-key header; missing → 401, wrong → 403', async () => {
    const f = location('apiKey');
    expect((await getData(f, { 'x-api-key': f.auth.apiKey ?? '' })).status).toBe(200);
    expect(await getData(f)).toMatchObject({ status: 401, body: { error: 'unauthorized' } });
    expect(await getData(f, { 'x-api-key': 'wrong' })).toMatchObject({
      status: 403,
      body: { error: 'forbidden' },
    });
    // Another facility's secret is no key here.
    expect((await getData(f, { 'x-api-key': location('bearer').auth.token ?? '' })).status).toBe(403);
  });

  it('bearer: a static token', async () => {
    const f = location('bearer');
    expect((await getData(f, { authorization: `Bearer ${f.auth.token}` })).status).toBe(200);
    const wrong = await getData(f, { authorization: 'Bearer nope' });
    expect(wrong).toMatchObject({ status: 401, body: { error: 'invalid_token' } });
    expect(wrong.headers.get('www-authenticate')).toContain('Bearer');
    expect((await getData(f)).status).toBe(401);
  });

  it('basic: client id and secret', async () => {
    const f = location('basic');
    const { clientId = '', clientSecret = '' } = f.auth;
    expect((await getData(f, { authorization: basic(clientId, clientSecret) })).status).toBe(200);
    const wrong = await getData(f, { authorization: basic(clientId, 'wrong') });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toContain('Basic');
    expect((await getData(f, { authorization: 'Basic !!!' })).status).toBe(401);
    expect((await getData(f)).status).toBe(401);
  });
});

describe('oauth2 client credentials', () => {
  const credentials = () => {
    const { clientId = '', clientSecret = '' } = location('oauth2').auth;
    return { clientId, clientSecret };
  };

  it('issues a token for the client id and secret in the form body, which opens the data', async () => {
    const { clientId, clientSecret } = credentials();
    const issued = await token(
      `grant_type=client_credentials&client_id=${clientId}&client_secret=${clientSecret}`,
    );
    expect(issued).toEqual({
      status: 200,
      body: { access_token: expect.any(String), token_type: 'Bearer', expires_in: 300 },
    });
    const f = location('oauth2');
    const data = await getData(f, { authorization: `Bearer ${issued.body.access_token}` });
    expect(data.status).toBe(200);
    expect(f.auth).toMatchObject({ tokenPath: 'access_token', authEndpointPath: '/oauth/token' });
  });

  it('takes the client as HTTP Basic, or a JSON body', async () => {
    const { clientId, clientSecret } = credentials();
    expect(
      (await token('grant_type=client_credentials', { authorization: basic(clientId, clientSecret) })).status,
    ).toBe(200);
    const json = await fetch(`${simulator.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: clientId,
        client_secret: clientSecret,
      }),
    });
    expect(json.status).toBe(200);
  });

  it('refuses a wrong secret, an unknown client and other grant types', async () => {
    const { clientId } = credentials();
    expect(
      await token(`grant_type=client_credentials&client_id=${clientId}&client_secret=wrong`),
    ).toMatchObject({
      status: 401,
      body: { error: 'invalid_client' },
    });
    expect((await token('grant_type=client_credentials&client_id=nobody&client_secret=x')).status).toBe(401);
    expect(await token(`grant_type=password&client_id=${clientId}`)).toMatchObject({
      status: 400,
      body: { error: 'unsupported_grant_type' },
    });
    expect(await token('')).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    // The basic facility's client is no OAuth2 client.
    const { clientId: basicId = '', clientSecret: basicSecret = '' } = location('basic').auth;
    expect(
      (await token(`grant_type=client_credentials&client_id=${basicId}&client_secret=${basicSecret}`)).status,
    ).toBe(401);
  });

  it('refuses a wrong token, and a token once it has expired (401, so the client fetches a new one)', async () => {
    const f = location('oauth2');
    expect(await getData(f, { authorization: 'Bearer forged' })).toMatchObject({
      status: 401,
      body: { error: 'invalid_token' },
    });
    simulator.control.setTokenTtl(2);
    const { clientId, clientSecret } = credentials();
    const issued = await token(
      `grant_type=client_credentials&client_id=${clientId}&client_secret=${clientSecret}`,
    );
    expect(issued.body.expires_in).toBe(2);
    const authorization = `Bearer ${issued.body.access_token}`;
    clock += 1_900;
    expect((await getData(f, { authorization })).status).toBe(200);
    clock += 200;
    expect((await getData(f, { authorization })).status).toBe(401);
    simulator.control.setTokenTtl(300);
  });

  it('refuses every token after they are revoked', async () => {
    const { clientId, clientSecret } = credentials();
    const issued = await token(
      `grant_type=client_credentials&client_id=${clientId}&client_secret=${clientSecret}`,
    );
    const authorization = `Bearer ${issued.body.access_token}`;
    const f = location('oauth2');
    expect((await getData(f, { authorization })).status).toBe(200);
    const revoke = await fetch(`${simulator.url}/control/oauth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ revokeTokens: true }),
    });
    expect(revoke.status).toBe(200);
    expect((await getData(f, { authorization })).status).toBe(401);
  });

  it('expires tokens in real time with a short expires_in', async () => {
    const realTime = await createSimulator({
      locationCount: 5,
      baysPerLocation: 1,
      drift: false,
      tokenTtlSeconds: 1,
    });
    try {
      const f = realTime.locations[4];
      if (f?.auth.kind !== 'oauth2') throw new Error('expected an oauth2 facility');
      const response = await fetch(`${realTime.url}/oauth/token`, {
        method: 'POST',
        headers: { authorization: basic(f.auth.clientId ?? '', f.auth.clientSecret ?? '') },
        body: new URLSearchParams({ grant_type: 'client_credentials' }),
      });
      const { access_token: accessToken, expires_in: expiresIn } = (await response.json()) as Record<
        string,
        unknown
      >;
      expect(expiresIn).toBe(1);
      const headers = { authorization: `Bearer ${accessToken}` };
      expect((await fetch(`${realTime.url}${f.endpointPath}`, { headers })).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect((await fetch(`${realTime.url}${f.endpointPath}`, { headers })).status).toBe(401);
    } finally {
      await realTime.close();
    }
  });

  it('does not let a token of one facility open another', async () => {
    const many = await createSimulator({ locationCount: 10, baysPerLocation: 1, drift: false });
    try {
      const [first, second] = many.locations.filter((f) => f.auth.kind === 'oauth2');
      if (!first || !second) throw new Error('expected two oauth2 facilities');
      const response = await fetch(`${many.url}/oauth/token`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: first.auth.clientId ?? '',
          client_secret: first.auth.clientSecret ?? '',
        }),
      });
      const { access_token: accessToken } = (await response.json()) as Record<string, unknown>;
      const headers = { authorization: `Bearer ${accessToken}` };
      expect((await fetch(`${many.url}${first.endpointPath}`, { headers })).status).toBe(200);
      expect((await fetch(`${many.url}${second.endpointPath}`, { headers })).status).toBe(401);
    } finally {
      await many.close();
    }
  });
});
