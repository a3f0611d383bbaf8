import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers';
import { callApi, type SignedIn, signedIn } from '../../test/people';

/*
 * Every request a client can get wrong is refused as a 4xx in its route's error shape, with a Norwegian
 * message, writes nothing, and logs no error line (the harness fails the file on one).
 * docs/decisions/012-bounded-input.md has the bounds.
 */

let ctx: TestContext;
let admin: SignedIn;
let user: SignedIn;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedIn(ctx, 'admin');
  user = await signedIn(ctx, 'user');
});
afterAll(() => ctx?.close());

/** `levels` objects inside each other as JSON text: JSON.stringify itself would overflow building it. */
const nestedJson = (levels: number) => `${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`;
const tooDeepForAnyBody = nestedJson(10_000);
/** Deeper than a field may be (16 levels), well within what a body may be (64). */
const tooDeepForAField = nestedJson(20);

const BODY_TOO_DEEP = 'JSON-innholdet kan ikke være nestet i mer enn 64 nivåer';
const TOO_LARGE = 'Forespørselen er for stor';
const WRONG_CONTENT_TYPE = 'Innholdstypen støttes ikke. Send JSON (application/json).';
const NOT_JSON = 'Innholdet er ikke gyldig JSON';

/** A body of more than the 1 MB every JSON route takes. */
const oversized = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1024 * 1024) });

function send(method: 'POST' | 'PATCH', url: string, payload: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method,
    url,
    payload,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

describe('/auth/v1: a client mistake answers 4xx in GoTrue’s shape', () => {
  const token = (payload: string, headers: Record<string, string> = {}) =>
    send('POST', '/auth/v1/token?grant_type=password', payload, headers);
  const goTrue = (code: string, msg: string) => ({ code, error_code: code, msg, message: msg });

  it('413 for a body over 1 MB', async () => {
    const res = await token(oversized);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual(goTrue('validation_failed', TOO_LARGE));
  });

  it('415 for a content type other than JSON', async () => {
    for (const contentType of ['application/xml', 'text/plain', 'application/x-www-form-urlencoded']) {
      const res = await token('email=a@example.com&password=hemmelig', { 'content-type': contentType });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual(goTrue('validation_failed', WRONG_CONTENT_TYPE));
    }
  });

  it('400 bad_json for text that is not JSON, nests 10,000 levels deep, or smuggles __proto__', async () => {
    const notJson = await token('{"email": ');
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual(goTrue('bad_json', NOT_JSON));
    const deep = await token(`{"email":"a@example.com","password":"hemmelig","x":${tooDeepForAnyBody}}`);
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toEqual(goTrue('bad_json', BODY_TOO_DEEP));
    const proto = await token('{"email":"a@example.com","password":"hemmelig","__proto__":{"admin":true}}');
    expect(proto.statusCode).toBe(400);
    expect(proto.json()).toEqual(goTrue('bad_json', NOT_JSON));
  });
});

describe('/api/v1: a client mistake answers 4xx in our shape', () => {
  const create = (payload: string, headers: Record<string, string> = {}) =>
    send('POST', '/api/v1/backend/logs/create', payload, {
      authorization: `Bearer ${user.token}`,
      ...headers,
    });
  const refusal = (message: string, code: string) => ({ message, details: null, hint: null, code });

  it('413 for a body over 1 MB', async () => {
    const res = await create(oversized);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual(refusal(TOO_LARGE, 'misc/body-too-large'));
  });

  it('415 for a content type other than JSON', async () => {
    for (const contentType of ['application/xml', 'text/plain']) {
      const res = await create('type=users/login/auto', { 'content-type': contentType });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual(refusal(WRONG_CONTENT_TYPE, 'misc/unsupported-media-type'));
    }
  });

  it('400 for text that is not JSON, and for any body nested 10,000 levels deep', async () => {
    const notJson = await create('{"type": ');
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual(refusal(NOT_JSON, 'misc/invalid-json'));
    const list = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    for (const url of [
      '/api/v1/backend/logs/create',
      '/api/v1/backend/users/get',
      '/api/v1/backend/nothing/get',
    ]) {
      const res = await send('POST', url, list, { authorization: `Bearer ${user.token}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(refusal(BODY_TOO_DEEP, 'misc/invalid-json'));
    }
  });

  it('takes a large flat body, and brackets inside strings do not count as nesting', async () => {
    const res = await create(
      JSON.stringify({ type: 'users/login/auto', extraData: { note: '['.repeat(7000) } }),
    );
    expect(res.statusCode).toBe(200);
  });
});

describe('free-form JSON fields: bounded in depth and size, refused with the field named', () => {
  const nestedBody = (before: string, nested: string, after = '}') => `${before}${nested}${after}`;

  async function expectRefused(
    who: SignedIn,
    method: 'POST' | 'PATCH',
    path: string,
    body: (nested: string) => string,
    fieldMessage: string,
    unchanged: () => Promise<unknown>,
  ) {
    const before = await unchanged();
    const headers = { authorization: `Bearer ${who.token}` };
    const deep = await send(method, `/api/v1/${path}`, body(tooDeepForAnyBody), headers);
    expect(deep.statusCode).toBe(400);
    expect(deep.json().message).toBe(BODY_TOO_DEEP);
    const deeper = await send(method, `/api/v1/${path}`, body(tooDeepForAField), headers);
    expect(deeper.statusCode).toBe(400);
    expect(deeper.json().message).toBe(fieldMessage);
    expect(deeper.json().code).toBe('misc/validation');
    await ctx.app.bus.drain();
    expect(await unchanged()).toEqual(before);
  }

  const logCount = async () =>
    (await ctx.database.pool.query('select count(*)::int as n from logs')).rows[0].n as number;

  it("a user's config (users/configs/update)", async () => {
    const config = async () =>
      (await ctx.database.pool.query('select config from user_configs where user_id = $1', [user.user.id]))
        .rows;
    await expectRefused(
      user,
      'PATCH',
      'backend/users/configs/update',
      (nested) => nestedBody('{"config":{"tabell":', nested, '}}'),
      'Konfigurasjonen kan ikke være nestet i mer enn 16 nivåer',
      config,
    );
  });

  it('extraData of a log entry the lowest role writes (logs/create)', async () => {
    await expectRefused(
      user,
      'POST',
      'backend/logs/create',
      (nested) => nestedBody('{"type":"users/login/auto","extraData":{"x":', nested, '}}'),
      'Tilleggsdataene kan ikke være nestet i mer enn 16 nivåer',
      logCount,
    );
  });

  it('extraData over 8 kB (logs/create), whatever the role', async () => {
    const before = await logCount();
    const res = await callApi(ctx, user.token, 'POST', 'backend/logs/create', {
      type: 'users/login/auto',
      extraData: { note: 'x'.repeat(8 * 1024) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Tilleggsdataene kan ikke være større enn 8 kB',
      details: [{ path: 'extraData', message: 'Tilleggsdataene kan ikke være større enn 8 kB' }],
    });
    await ctx.app.bus.drain();
    expect(await logCount()).toBe(before);
  });

  it('extraData an admin edits (logs/update)', async () => {
    const { rows } = await ctx.database.pool.query('select id from logs order by id limit 1');
    const id = rows[0].id as number;
    const entry = async () =>
      (await ctx.database.pool.query('select extra_data from logs where id = $1', [id])).rows;
    await expectRefused(
      admin,
      'PATCH',
      'backend/logs/update',
      (nested) => nestedBody(`{"id":${id},"extraData":{"x":`, nested, '}}'),
      'Tilleggsdataene kan ikke være nestet i mer enn 16 nivåer',
      entry,
    );
  });

  const apiCount = async () =>
    (await ctx.database.pool.query('select count(*)::int as n from apis')).rows[0].n as number;
  const apiFields = '"name":"Kasse Nord","endpointUrl":"https://kasse.example.com/status"';

  it('details of an API connection (apis/create, apis/check)', async () => {
    await expectRefused(
      admin,
      'POST',
      'backend/apis/create',
      (nested) => nestedBody(`{${apiFields},"details":{"x":`, nested, '}}'),
      'Detaljene kan ikke være nestet i mer enn 16 nivåer',
      apiCount,
    );
    await expectRefused(
      admin,
      'POST',
      'backend/apis/check',
      (nested) => nestedBody(`{"draft":{${apiFields},"details":{"x":`, nested, '}}}'),
      'Detaljene kan ikke være nestet i mer enn 16 nivåer',
      apiCount,
    );
  });

  it('details of an API connection (apis/update)', async () => {
    const created = await callApi(ctx, admin.token, 'POST', 'backend/apis/create', {
      name: 'Kasse Sør',
      endpointUrl: 'https://kasse.example.com/sor',
      details: { timeoutMs: 2000 },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id as string;
    const details = async () =>
      (await ctx.database.pool.query('select details, updated_at from apis where id = $1', [id])).rows;
    await expectRefused(
      admin,
      'PATCH',
      'backend/apis/update',
      (nested) => nestedBody(`{"id":"${id}","details":{"x":`, nested, '}}'),
      'Detaljene kan ikke være nestet i mer enn 16 nivåer',
      details,
    );
  });

  it('headers and query parameters of an API connection over 16 kB', async () => {
    const before = await apiCount();
    const entries = Object.fromEntries(
      Array.from({ length: 5 }, (_, i) => [`x-felt-${i}`, 'v'.repeat(4000)]),
    );
    const headers = await callApi(ctx, admin.token, 'POST', 'backend/apis/create', {
      name: 'Kasse Vest',
      endpointUrl: 'https://kasse.example.com/vest',
      headers: entries,
    });
    expect(headers.statusCode).toBe(400);
    expect(headers.json().message).toBe('Headerne kan ikke være større enn 16 kB');
    const params = await callApi(ctx, admin.token, 'POST', 'backend/apis/create', {
      name: 'Kasse Vest',
      endpointUrl: 'https://kasse.example.com/vest',
      params: entries,
    });
    expect(params.statusCode).toBe(400);
    expect(params.json().message).toBe('Parameterne kan ikke være større enn 16 kB');
    expect(await apiCount()).toBe(before);
  });
});
