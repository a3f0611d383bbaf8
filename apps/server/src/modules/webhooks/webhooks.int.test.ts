import { LOG_TYPES } from '@vaskedrift/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { type ApiClient, caller, fieldMessages, unknownId } from '../../../test/locations';
import { logRows } from '../../../test/people';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhooks';

const SECRET = 'hemmelig-signeringsnøkkel-1';
const NEW_SECRET = 'en-helt-annen-nøkkel-2';

let ctx: TestContext;
let receiver: WebhookReceiver;
let admin: ApiClient;
let operator: ApiClient;
let viewer: ApiClient;

/** An admin whose every answer is checked for the secrets: they must never come back, in any field. */
function watched(client: ApiClient): ApiClient {
  const check = async (res: Promise<Awaited<ReturnType<ApiClient['post']>>>) => {
    const answer = await res;
    expect(answer.body).not.toContain(SECRET);
    expect(answer.body).not.toContain(NEW_SECRET);
    return answer;
  };
  return {
    ...client,
    post: (path, body) => check(client.post(path, body)),
    patch: (path, body) => check(client.patch(path, body)),
    del: (path, body) => check(client.del(path, body)),
  };
}

beforeAll(async () => {
  receiver = await startWebhookReceiver(SECRET);
  ctx = await createTestApp({}, { loopbackTargets: [receiver.target], backgroundWebhooks: false });
  admin = watched(await caller(ctx, 'admin'));
  operator = await caller(ctx, 'operator');
  viewer = await caller(ctx, 'user');
});
afterAll(async () => {
  await ctx?.close();
  await receiver?.stop();
});

let counter = 0;
const webhookBody = (overrides: Record<string, unknown> = {}) => ({
  name: `Driftssentral ${++counter}`,
  url: receiver.url,
  secret: SECRET,
  tags: ['critical', 'warning'],
  ...overrides,
});

async function createWebhook(overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await admin.post('backend/webhooks/create', webhookBody(overrides));
  if (res.statusCode !== 200) throw new Error(`webhook: ${res.statusCode} ${res.body}`);
  return res.json().data.id;
}

describe('creating and reading a webhook', () => {
  it('creates one with the secret sealed at rest, never answered, and logs who did it', async () => {
    const res = await admin.post('backend/webhooks/create', webhookBody({ name: 'Vaktrom Oslo' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Webhooken er lagt til',
      data: {
        name: 'Vaktrom Oslo',
        url: receiver.url,
        hasSecret: true,
        tags: ['critical', 'warning'],
        enabled: true,
        failingSince: null,
        disabledReason: null,
        lastDelivery: null,
      },
    });
    const { id } = res.json().data;
    expect(res.json().data).not.toHaveProperty('secret');
    const { rows } = await ctx.database.pool.query('select secret from webhooks where id = $1', [id]);
    expect(rows[0].secret).toMatch(/^v1\./);
    expect(rows[0].secret).not.toContain(SECRET);
    const [log] = (await logRows(ctx, LOG_TYPES.webhook.create)).filter((r) => r.resource_id === id);
    expect(log).toMatchObject({ user_id: admin.user.id, extra_data: { name: 'Vaktrom Oslo' } });
    expect(JSON.stringify(log)).not.toContain(SECRET);
  });

  it('answers one by id and a page of them, and 404 for an id that does not exist', async () => {
    const id = await createWebhook({ name: 'Liste Alfa' });
    await createWebhook({ name: 'Liste Beta' });
    expect((await admin.post('backend/webhooks/get', { id })).json().data).toMatchObject({
      id,
      name: 'Liste Alfa',
    });
    const page = await admin.post('backend/webhooks/get', { search: 'liste', perPage: 1, page: 2 });
    expect(page.json()).toMatchObject({ count: 2, data: [{ name: 'Liste Beta' }] });
    const missing = await admin.post('backend/webhooks/get', { id: unknownId() });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Fant ikke webhooken', code: 'misc/not-found' });
  });
});

describe('validation (the Norwegian messages the form shows too)', () => {
  it.each([
    [{ secret: 'kort' }, 'secret', 'Hemmeligheten må være minst 16 tegn'],
    [{ secret: undefined }, 'secret', 'Hemmelighet er påkrevd'],
    [{ secret: 'x'.repeat(257) }, 'secret', 'Hemmeligheten kan ikke være lenger enn 256 tegn'],
    [{ tags: [] }, 'tags', 'Velg minst én hendelse eller ett nivå'],
    [{ tags: ['alt'] }, 'tags.0', 'Ukjent hendelse eller nivå'],
    [{ url: 'ftp://example.com/hook' }, 'url', 'URL-en må begynne med http:// eller https://'],
    [{ url: '' }, 'url', 'URL er påkrevd'],
    [{ name: '' }, 'name', 'Navn er påkrevd'],
  ])('refuses %o with "%s: %s"', async (overrides, path, message) => {
    const res = await admin.post('backend/webhooks/create', webhookBody(overrides));
    expect(res.statusCode).toBe(400);
    expect(fieldMessages(res.json())[path]).toBe(message);
  });

  it.each([
    ['http://169.254.169.254/latest/meta-data', 'Adressen er ikke tillatt (lenke-lokal/metadata)'],
    ['http://[::ffff:169.254.169.254]/hook', 'Adressen er ikke tillatt (lenke-lokal/metadata)'],
    ['http://127.0.0.1:9/hook', 'Adressen er ikke tillatt (loopback)'],
    ['http://[::1]/hook', 'Adressen er ikke tillatt (loopback)'],
  ])('refuses %s at save, on create and on update: "%s"', async (url, message) => {
    const created = await admin.post('backend/webhooks/create', webhookBody({ url }));
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({ message, code: 'misc/validation' });
    expect(fieldMessages(created.json())).toEqual({ url: message });
    const id = await createWebhook();
    const updated = await admin.patch('backend/webhooks/update', { id, url });
    expect(updated.statusCode).toBe(400);
    expect(fieldMessages(updated.json())).toEqual({ url: message });
  });
});

describe('updating and deleting', () => {
  it('changes only the fields sent, replaces the secret, and logs the field names only', async () => {
    const id = await createWebhook({ name: 'Gammelt Navn' });
    const { rows: before } = await ctx.database.pool.query('select secret from webhooks where id = $1', [id]);
    const res = await admin.patch('backend/webhooks/update', { id, name: 'Nytt Navn', secret: NEW_SECRET });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Webhooken er oppdatert',
      data: { name: 'Nytt Navn', url: receiver.url, tags: ['critical', 'warning'], hasSecret: true },
    });
    const { rows: after } = await ctx.database.pool.query('select secret from webhooks where id = $1', [id]);
    expect(after[0].secret).not.toBe(before[0].secret);
    const [log] = (await logRows(ctx, LOG_TYPES.webhook.update)).filter((r) => r.resource_id === id);
    expect(log?.extra_data).toEqual({ name: 'Nytt Navn', fields: ['name', 'secret'] });
    // The receiver checks with the old secret: a delivery signed with the new one does not verify.
    await admin.post('backend/webhooks/test', { id });
    expect(receiver.received.at(-1)?.verified).toBe(false);
  });

  it('enabling a webhook again clears its run of failures and the reason it was turned off', async () => {
    const id = await createWebhook();
    await ctx.database.pool.query(
      `update webhooks set enabled = false, failing_since = now() - interval '25 hours', disabled_reason = 'x'
       where id = $1`,
      [id],
    );
    const off = (await admin.post('backend/webhooks/get', { id })).json().data;
    expect(off).toMatchObject({ enabled: false, disabledReason: 'x' });
    expect(off.failingSince).toEqual(expect.any(String));
    const res = await admin.patch('backend/webhooks/update', { id, enabled: true });
    expect(res.json().data).toMatchObject({ enabled: true, failingSince: null, disabledReason: null });
  });

  it('deletes it with its delivery log: it is gone from every endpoint', async () => {
    const id = await createWebhook();
    await admin.post('backend/webhooks/test', { id });
    const res = await admin.del('backend/webhooks/delete', { id });
    expect(res.json()).toEqual({ data: { id }, message: 'Webhooken er slettet' });
    for (const [path, body] of [
      ['backend/webhooks/get', { id }],
      ['backend/webhooks/test', { id }],
      ['backend/webhooks/deliveries', { id }],
    ] as const) {
      expect((await admin.post(path, body)).statusCode).toBe(404);
    }
    expect((await admin.patch('backend/webhooks/update', { id, name: 'Tilbake' })).statusCode).toBe(404);
    expect((await admin.del('backend/webhooks/delete', { id })).statusCode).toBe(404);
    const { rows } = await ctx.database.pool.query('select 1 from webhook_attempts where webhook_id = $1', [
      id,
    ]);
    expect(rows).toEqual([]);
    expect((await logRows(ctx, LOG_TYPES.webhook.delete)).map((r) => r.resource_id)).toContain(id);
  });
});

describe("'Send test' and the delivery log", () => {
  it('delivers a signed webhook.test now and answers how it went, also when the receiver fails', async () => {
    const id = await createWebhook();
    const ok = await admin.post('backend/webhooks/test', { id });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      message: 'Testmeldingen er levert',
      data: { eventType: 'webhook.test', ok: true, httpStatus: 200, error: null },
    });
    const delivered = await receiver.waitFor(
      (r) => r.body.type === 'webhook.test' && r.body.payload.webhookId === id,
    );
    expect(delivered.verified).toBe(true);
    expect(delivered.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'Vaskedrift-Webhook/1',
      'x-vaskedrift-event': 'webhook.test',
    });

    receiver.answer(500);
    try {
      const failed = await admin.post('backend/webhooks/test', { id });
      expect(failed.statusCode).toBe(200);
      expect(failed.json()).toMatchObject({
        message: 'Testmeldingen ble ikke levert',
        data: { ok: false, httpStatus: 500, error: 'Mottakeren svarte med HTTP 500' },
      });
    } finally {
      receiver.answer(200);
    }
    const read = (await admin.post('backend/webhooks/get', { id })).json().data;
    expect(read.lastDelivery).toMatchObject({ ok: false, httpStatus: 500 });
    // A test is the admin checking, not a notification: it starts no run of failures.
    expect(read.failingSince).toBeNull();
  });

  it('answers a receiver that is not there with the reason, in Norwegian', async () => {
    const id = await createWebhook();
    await receiver.stop();
    try {
      const res = await admin.post('backend/webhooks/test', { id });
      expect(res.json()).toMatchObject({
        message: 'Testmeldingen ble ikke levert',
        data: { ok: false, httpStatus: null, error: `${receiver.target} avviste tilkoblingen` },
      });
    } finally {
      await receiver.listen();
    }
  });

  it('pages the delivery log, newest first', async () => {
    const id = await createWebhook();
    for (const status of [200, 503, 200]) {
      receiver.answer(status);
      await admin.post('backend/webhooks/test', { id });
    }
    receiver.answer(200);
    const first = await admin.post('backend/webhooks/deliveries', { id, perPage: 2 });
    expect(first.json()).toMatchObject({
      count: 3,
      data: [
        { ok: true, httpStatus: 200 },
        { ok: false, httpStatus: 503, error: 'Mottakeren svarte med HTTP 503' },
      ],
    });
    const [newest] = first.json().data;
    expect(newest).toMatchObject({ eventType: 'webhook.test', durationMs: expect.any(Number) });
    const second = await admin.post('backend/webhooks/deliveries', { id, perPage: 2, page: 2 });
    expect(second.json()).toMatchObject({ count: 3, data: [{ ok: true, httpStatus: 200 }] });
    const beyond = await admin.post('backend/webhooks/deliveries', { id, perPage: 2, page: 5 });
    expect(beyond.json()).toEqual({ data: [], count: 3 });
  });
});

describe('access', () => {
  it('refuses every webhook route to operators and users with 403, before looking at the body', async () => {
    const id = await createWebhook();
    for (const who of [operator, viewer]) {
      const calls = [
        await who.post('backend/webhooks/get', {}),
        await who.post('backend/webhooks/get', { id }),
        await who.post('backend/webhooks/create', webhookBody()),
        await who.post('backend/webhooks/create', {}),
        await who.patch('backend/webhooks/update', { id, name: 'Kapret' }),
        await who.del('backend/webhooks/delete', { id }),
        await who.post('backend/webhooks/test', { id }),
        await who.post('backend/webhooks/deliveries', { id }),
      ];
      for (const res of calls) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({
          message: 'Du har ikke tilgang til dette',
          code: 'auth/forbidden',
        });
      }
    }
    expect((await admin.post('backend/webhooks/get', { id })).json().data.name).not.toBe('Kapret');
  });

  it('lets a superadmin do what an admin does', async () => {
    const superadmin = watched(await caller(ctx, 'superadmin'));
    const res = await superadmin.post('backend/webhooks/create', webhookBody());
    expect(res.statusCode).toBe(200);
    expect((await superadmin.post('backend/webhooks/test', { id: res.json().data.id })).json().data.ok).toBe(
      true,
    );
  });

  it('needs a signed-in caller', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/backend/webhooks/get', payload: {} });
    expect(res.statusCode).toBe(401);
  });
});
