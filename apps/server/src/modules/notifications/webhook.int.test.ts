import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/fault-actors';
import {
  createTestApp,
  createTestInstance,
  metadataLookup,
  type TestContext,
  type TestInstance,
} from '../../../test/helpers';
import { type ApiClient, caller, createBay, createLocation } from '../../../test/locations';
import { recordEvent } from '../../../test/notify';
import { recordWebhookEvents, startWebhookReceiver, type WebhookReceiver } from '../../../test/webhooks';

const SECRET = 'mottakerens-delte-hemmelighet';
const HOUR = 60 * 60 * 1000;
/** Every instance must open the secrets the others sealed: one SECRET_KEY for all. */
const env = { SECRET_KEY: randomBytes(32).toString('hex') };

let ctx: TestContext;
let admin: ApiClient;
let receiver: WebhookReceiver;
/** A second receiver the tests stop, start and make answer errors. */
let flaky: WebhookReceiver;
/** One that takes 300 ms to answer. */
let slow: WebhookReceiver;
let loopbackTargets: string[];

beforeAll(async () => {
  receiver = await startWebhookReceiver(SECRET);
  flaky = await startWebhookReceiver(SECRET);
  slow = await startWebhookReceiver(SECRET, 300);
  loopbackTargets = [receiver.target, flaky.target, slow.target];
  // This instance sends only when a test calls sendDue: no loop races the steps below.
  ctx = await createTestApp(env, { loopbackTargets, dnsLookup: metadataLookup, backgroundWebhooks: false });
  admin = await caller(ctx, 'admin');
});
// Every event goes to every enabled webhook that wants its tag: each test starts with none, and with no
// event of another test left for a dispatcher.
afterEach(async () => {
  await ctx.database.pool.query('delete from webhooks');
  await ctx.database.pool.query(
    'update notification_events set dispatched_at = now() where dispatched_at is null',
  );
});
afterAll(async () => {
  await ctx?.close();
  await receiver?.stop();
  await flaky?.stop();
  await slow?.stop();
});

let counter = 0;
async function createWebhook(url: string): Promise<string> {
  const res = await admin.post('backend/webhooks/create', {
    name: `Mottaker ${++counter}`,
    url,
    secret: SECRET,
    tags: ['critical'],
  });
  if (res.statusCode !== 200) throw new Error(`webhook: ${res.statusCode} ${res.body}`);
  return res.json().data.id;
}

type OutboxState = { status: string; attempts: number; last_error: string | null; due_in: number };
async function outboxRows(webhookId: string): Promise<OutboxState[]> {
  const { rows } = await ctx.database.pool.query(
    `select status, attempts, last_error, round(extract(epoch from next_attempt_at - now()))::int as due_in
     from outbox where webhook_id = $1 order by id`,
    [webhookId],
  );
  return rows;
}

async function attempts(webhookId: string) {
  const { rows } = await ctx.database.pool.query(
    'select ok, http_status, error from webhook_attempts where webhook_id = $1 order by id',
    [webhookId],
  );
  return rows;
}

/** Brings the retry forward, as if its back-off had passed. */
async function makeDue(webhookId: string) {
  await ctx.database.pool.query(
    `update outbox set next_attempt_at = now() where webhook_id = $1 and status = 'pending'`,
    [webhookId],
  );
}

/** A second server instance on the same database whose sender runs in the background, as in production. */
async function backgroundInstance(backgroundNotifications = false): Promise<TestInstance> {
  return createTestInstance(ctx, env, {
    loopbackTargets,
    dnsLookup: metadataLookup,
    backgroundWebhooks: true,
    backgroundNotifications,
  });
}

describe('the webhook sender: delivery', () => {
  it('delivers a recorded event, signed, within 5 s by the background sender', async () => {
    const instance = await backgroundInstance();
    try {
      const webhookId = await createWebhook(receiver.url);
      const [eventId] = await recordWebhookEvents(ctx.database.db);
      const committed = Date.now();
      const delivered = await receiver.waitFor((r) => r.body.id === String(eventId), 5000);
      console.log(
        `webhook levert ${delivered.receivedAt - committed} ms etter commit (uten nudge, poll 1 s)`,
      );
      expect(delivered.verified).toBe(true);
      expect(delivered.body).toMatchObject({ type: 'alert.opened', payload: { bayName: 'Hall 1' } });
      expect(delivered.headers).toMatchObject({
        'content-type': 'application/json',
        'user-agent': 'Vaskedrift-Webhook/1',
        'x-vaskedrift-event': 'alert.opened',
      });
      await instance.app.notifying.webhookSender.stop();
      expect(await outboxRows(webhookId)).toMatchObject([{ status: 'sent', attempts: 1, last_error: null }]);
      expect(await attempts(webhookId)).toEqual([{ ok: true, http_status: 200, error: null }]);
    } finally {
      await instance.app.notifying.webhookSender.stop();
    }
  });

  it('delivers an event the dispatcher fans out, woken by the dispatcher', async () => {
    const instance = await backgroundInstance(true);
    try {
      const webhookId = await createWebhook(receiver.url);
      const [eventId] = await recordWebhookEvents(ctx.database.db, 1, false);
      const committed = Date.now();
      instance.app.notifying.dispatcher.nudge();
      const delivered = await receiver.waitFor((r) => r.body.id === String(eventId), 5000);
      console.log(`webhook levert ${delivered.receivedAt - committed} ms etter commit (dispatcher nudget)`);
      expect(delivered.verified).toBe(true);
      await instance.app.notifying.stop();
      expect(await outboxRows(webhookId)).toMatchObject([{ status: 'sent', attempts: 1 }]);
    } finally {
      await instance.app.notifying.stop();
    }
  });

  it("sends an alert with a summary in the attribute's words and a link to the bay's panel", async () => {
    await createWebhook(receiver.url);
    const locationId = await createLocation(admin, { name: 'Vask Bryn' });
    const at = { locationId, bayId: await createBay(admin, locationId) };
    const eventId = await recordEvent(ctx.database.db, at);
    await ctx.app.notifying.dispatcher.dispatchDue();
    await ctx.app.notifying.webhookSender.sendDue();
    const delivered = await receiver.waitFor((r) => r.body.id === String(eventId), 5000);
    expect(delivered.verified).toBe(true);
    expect(delivered.body).toMatchObject({
      type: 'alert.opened',
      summary: 'Kritisk: Vask Bryn – Hall 1: Vanntrykk 1,2\u00a0bar · kritisk under 2\u00a0bar',
      link: expect.stringMatching(new RegExp(`^https?://[^/]+/\\?bay=${at.bayId}$`)),
      payload: { attributeName: 'Vanntrykk', unit: 'bar', value: 1.2, threshold: '2', operator: 'lt' },
    });
  });
});

describe('the webhook sender: failing receivers', () => {
  it('keeps retrying while the receiver is down or failing, logs each attempt, then delivers exactly once', async () => {
    const webhookId = await createWebhook(flaky.url);
    await flaky.stop();
    try {
      const [eventId] = await recordWebhookEvents(ctx.database.db);
      expect(await ctx.app.notifying.webhookSender.sendDue()).toBe(1);
      expect(await outboxRows(webhookId)).toEqual([
        { status: 'pending', attempts: 1, last_error: `${flaky.target} avviste tilkoblingen`, due_in: 10 },
      ]);
      const failing = (await admin.post('backend/webhooks/get', { id: webhookId })).json().data;
      expect(failing.failingSince).toEqual(expect.any(String));

      await flaky.listen();
      flaky.answer(500);
      await makeDue(webhookId);
      expect(await ctx.app.notifying.webhookSender.sendDue()).toBe(1);
      expect(await outboxRows(webhookId)).toMatchObject([{ status: 'pending', attempts: 2, due_in: 20 }]);

      flaky.answer(200);
      await makeDue(webhookId);
      expect(await ctx.app.notifying.webhookSender.sendDue()).toBe(1);
      await makeDue(webhookId);
      expect(await ctx.app.notifying.webhookSender.sendDue()).toBe(0);

      expect(flaky.received.filter((r) => r.body.id === String(eventId))).toHaveLength(1);
      expect(flaky.received.every((r) => r.verified)).toBe(true);
      expect(await outboxRows(webhookId)).toMatchObject([{ status: 'sent', attempts: 3 }]);
      expect(await attempts(webhookId)).toEqual([
        { ok: false, http_status: null, error: `${flaky.target} avviste tilkoblingen` },
        { ok: false, http_status: 500, error: 'Mottakeren svarte med HTTP 500' },
        { ok: true, http_status: 200, error: null },
      ]);
      const log = await admin.post('backend/webhooks/deliveries', { id: webhookId, perPage: 10 });
      expect(log.json().count).toBe(3);
      const healthy = (await admin.post('backend/webhooks/get', { id: webhookId })).json().data;
      expect(healthy).toMatchObject({ failingSince: null, lastDelivery: { ok: true, httpStatus: 200 } });
    } finally {
      flaky.answer(200);
      await flaky.listen().catch(() => {}); // already listening when the test got that far
    }
  });

  it('refuses at send a host name that resolves to the metadata address', async () => {
    const webhookId = await createWebhook(`http://metadata.localtest:${receiver.port}/hook`);
    const [eventId] = await recordWebhookEvents(ctx.database.db);
    expect(await ctx.app.notifying.webhookSender.sendDue()).toBe(1);
    expect(await attempts(webhookId)).toEqual([
      { ok: false, http_status: null, error: 'Adressen er ikke tillatt (lenke-lokal/metadata)' },
    ]);
    expect(receiver.received.some((r) => r.body.id === String(eventId))).toBe(false);
  });

  it('disables a webhook failing for 24 hours, gives up its pending rows and tells the admins once', async () => {
    flaky.answer(500);
    try {
      const webhookId = await createWebhook(flaky.url);
      await recordWebhookEvents(ctx.database.db, 2);
      const start = new Date();
      expect(await ctx.app.notifying.webhookSender.sendDue(start)).toBe(2);
      await makeDue(webhookId);
      expect(await ctx.app.notifying.webhookSender.sendDue(new Date(start.getTime() + 23 * HOUR))).toBe(2);
      const stillOn = (await admin.post('backend/webhooks/get', { id: webhookId })).json().data;
      expect(stillOn).toMatchObject({ enabled: true, failingSince: start.toISOString() });

      await makeDue(webhookId);
      expect(
        await ctx.app.notifying.webhookSender.sendDue(new Date(start.getTime() + 24 * HOUR + 1000)),
      ).toBe(2);
      const off = (await admin.post('backend/webhooks/get', { id: webhookId })).json().data;
      expect(off).toMatchObject({ enabled: false, disabledReason: 'Deaktivert etter 24 timer med feil' });
      expect(await outboxRows(webhookId)).toMatchObject([
        { status: 'failed', attempts: 3 },
        { status: 'failed', attempts: 3 },
      ]);
      const { rows: events } = await ctx.database.pool.query(
        `select type, tag, location_ids, bay_ids, payload, suppressed from notification_events
         where type = 'system.webhook_disabled' and payload->>'webhookId' = $1`,
        [webhookId],
      );
      expect(events).toEqual([
        {
          type: 'system.webhook_disabled',
          tag: 'system',
          location_ids: [],
          bay_ids: [],
          suppressed: null,
          payload: {
            webhookId,
            name: off.name,
            url: flaky.url,
            failingSince: start.toISOString(),
            reason: 'Deaktivert etter 24 timer med feil',
          },
        },
      ]);

      // A delivery queued before it was turned off is given up, not sent.
      await ctx.database.pool.query(
        `insert into outbox (channel, "to", subject, text, kind, webhook_id)
         values ('webhook', $2, 'alert.opened', '{}', 'webhook/alert.opened', $1)`,
        [webhookId, flaky.url],
      );
      flaky.answer(200);
      expect(await ctx.app.notifying.webhookSender.sendDue()).toBe(1);
      expect((await outboxRows(webhookId)).at(-1)).toMatchObject({
        status: 'failed',
        last_error: 'Webhooken er slått av; meldingen sendes ikke',
      });
      expect(await attempts(webhookId)).toHaveLength(6);
    } finally {
      flaky.answer(200);
    }
  });
});

describe('the webhook sender: races', () => {
  it('lets an admin delete a webhook while a delivery to it is on its way', async () => {
    const webhookId = await createWebhook(slow.url);
    await recordWebhookEvents(ctx.database.db);
    // On its way: the slow receiver has the request, and answers it only 300 ms later.
    const earlier = slow.arrived;
    const reached = (n: number) =>
      waitFor(() => slow.arrived >= earlier + n, `forespørsel ${n} hos mottakeren`, 5000, 5);
    const sending = ctx.app.notifying.webhookSender.sendDue();
    await reached(1);
    expect((await admin.del('backend/webhooks/delete', { id: webhookId })).statusCode).toBe(200);
    expect(await sending).toBe(1);
    expect(await outboxRows(webhookId)).toEqual([]);
    expect(await attempts(webhookId)).toEqual([]);
    const test = admin.post('backend/webhooks/test', { id: await createWebhook(slow.url) });
    await reached(2);
    await ctx.database.pool.query('delete from webhooks');
    expect((await test).statusCode).toBe(404);
  });

  it('with two instances sending from one outbox, delivers every event exactly once', async () => {
    const instances = [await backgroundInstance(), await backgroundInstance()];
    try {
      const webhookId = await createWebhook(receiver.url);
      const eventIds = (await recordWebhookEvents(ctx.database.db, 60)).map(String);
      for (const instance of instances) instance.app.notifying.webhookSender.nudge();
      const ours = () => receiver.received.filter((r) => eventIds.includes(r.body.id));
      await waitFor(() => ours().length >= eventIds.length, 'alle leveransene', 20_000, 50);
      // Each stop finishes the sender's pass in hand, whose every request was answered (and so recorded by
      // the receiver) before it ends: a duplicate would be among the deliveries now, and nothing is sent after.
      for (const instance of instances) await instance.app.notifying.webhookSender.stop();
      expect(
        ours()
          .map((r) => r.body.id)
          .sort(),
      ).toEqual([...eventIds].sort());
      expect(ours().every((r) => r.verified)).toBe(true);
      const { rows } = await ctx.database.pool.query(
        `select status, count(*)::int as n, max(attempts) as attempts from outbox where webhook_id = $1
         group by status`,
        [webhookId],
      );
      expect(rows).toEqual([{ status: 'sent', n: 60, attempts: 1 }]);
    } finally {
      for (const instance of instances) await instance.app.notifying.webhookSender.stop();
    }
  });
});
