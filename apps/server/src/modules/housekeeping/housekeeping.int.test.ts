import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  TEST_PASSWORD,
  type TestContext,
  testConfig,
} from '../../../test/helpers';
import { type ApiClient, caller, createLocation } from '../../../test/locations';
import { buildApp } from '../../app';
import { connectDatabase, type Database } from '../../db/client';
import { insertImage } from '../images';
import { HOUSEKEEPING_BATCH } from './housekeeping';

let ctx: TestContext;
let admin: ApiClient;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await caller(ctx, 'admin');
});
afterAll(() => ctx.close());

/** An uploaded image, made `ageHours` old. */
async function image(ageHours: number): Promise<string> {
  const { id } = await insertImage(
    ctx.database.db,
    { contentType: 'image/png', width: 1, height: 1 },
    Buffer.from('bilde'),
    admin.user.id,
  );
  await ctx.database.pool.query(
    `update images set created_at = now() - make_interval(hours => $2) where id = $1`,
    [id, ageHours],
  );
  return id;
}

const served = async (id: string) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/v1/images/${id}` })).statusCode;

type Status = 'pending' | 'sent' | 'kept' | 'failed';

/** `count` outbox messages written `ageDays` ago; their ids. */
async function messages(status: Status, ageDays: number, count = 1): Promise<number[]> {
  const { rows } = await ctx.database.pool.query<{ id: string }>(
    `insert into outbox ("to", subject, text, kind, status, created_at, sent_at)
     select 'kari@example.com', 'Tilbakestill passordet', 'Lenke: …', 'auth/recovery', $1,
       now() - make_interval(days => $2), case when $1 = 'sent' then now() - make_interval(days => $2) end
     from generate_series(1, $3)
     returning id`,
    [status, ageDays, count],
  );
  return rows.map((r) => Number(r.id));
}

async function remaining(ids: number[]): Promise<number[]> {
  const { rows } = await ctx.database.pool.query<{ id: string }>(
    'select id from outbox where id = any($1) order by id',
    [ids],
  );
  return rows.map((r) => Number(r.id));
}

describe('housekeeping: images and e-mails', () => {
  it('deletes an old image no facility uses, and keeps fresh ones and every picture a facility has, also a deleted one', async () => {
    const unattached = await image(25);
    const fresh = await image(1);
    const onLocation = await image(48);
    const onDeletedLocation = await image(48);
    await createLocation(admin, { imageId: onLocation });
    const deletedId = await createLocation(admin, { imageId: onDeletedLocation });
    expect((await admin.del('backend/locations/delete', { id: deletedId })).statusCode).toBe(200);

    expect(await ctx.app.housekeeping.runOnce()).toEqual({
      images: 1,
      emails: 0,
      notificationEvents: 0,
      webhookAttempts: 0,
      rateLimits: 0,
      pushActionTokens: 0,
    });

    expect(await served(unattached)).toBe(404);
    expect(await served(fresh)).toBe(200);
    expect(await served(onLocation)).toBe(200);
    // Restoring a facility is done in the database; its picture must come back with it.
    await ctx.database.pool.query('update locations set deleted_at = null where id = $1', [deletedId]);
    const restored = await admin.post('backend/locations/get', { id: deletedId });
    expect(restored.json().data.imageUrl).toBe(`/api/v1/images/${onDeletedLocation}`);
    expect(await served(onDeletedLocation)).toBe(200);
  });

  it('deletes sent, kept and given-up e-mails past their retention, batch after batch, and never a pending one', async () => {
    const old = [
      ...(await messages('sent', 31, 2 * HOUSEKEEPING_BATCH + 1)),
      ...(await messages('kept', 31)),
      ...(await messages('failed', 31)),
    ];
    const pending = await messages('pending', 60);
    const fresh = [...(await messages('sent', 29)), ...(await messages('kept', 1))];

    expect(await ctx.app.housekeeping.runOnce()).toEqual({
      images: 0,
      emails: old.length,
      notificationEvents: 0,
      webhookAttempts: 0,
      rateLimits: 0,
      pushActionTokens: 0,
    });

    expect(await remaining(old)).toEqual([]);
    expect(await remaining([...pending, ...fresh])).toEqual([...pending, ...fresh]);
  });
});

describe('housekeeping: notification events, webhook log and sign-in counters', () => {
  it('deletes dispatched notification events past the e-mail retention, never an undispatched one', async () => {
    const event = async (key: string, ageDays: number, dispatched: boolean) => {
      const { rows } = await ctx.database.pool.query<{ id: string }>(
        `insert into notification_events (type, tag, dedupe_key, payload, created_at, dispatched_at)
         values ('maintenance.reminder', 'reminders', $1, '{}', now() - make_interval(days => $2),
           case when $3 then now() - make_interval(days => $2) end)
         returning id`,
        [key, ageDays, dispatched],
      );
      return Number(rows[0]?.id);
    };
    const old = await event('gammel', 31, true);
    const waiting = await event('venter', 60, false);
    const fresh = await event('ny', 2, true);

    expect(await ctx.app.housekeeping.runOnce()).toEqual({
      images: 0,
      emails: 0,
      notificationEvents: 1,
      webhookAttempts: 0,
      rateLimits: 0,
      pushActionTokens: 0,
    });

    const { rows } = await ctx.database.pool.query<{ id: string }>(
      'select id from notification_events where id = any($1) order by id',
      [[old, waiting, fresh]],
    );
    expect(rows.map((r) => Number(r.id))).toEqual([waiting, fresh]);
    await ctx.database.pool.query('delete from notification_events');
  });

  it('deletes webhook delivery-log rows older than the e-mail retention and keeps newer ones', async () => {
    const { rows: hooks } = await ctx.database.pool.query<{ id: string }>(
      `insert into webhooks (name, url, secret, tags) values ('Logg', 'https://example.com/hook', 'x', '{critical}')
       returning id`,
    );
    const { rows } = await ctx.database.pool.query<{ id: string; age: number }>(
      `insert into webhook_attempts (webhook_id, event_type, at, ok, duration_ms)
       select $1, 'alert.opened', now() - make_interval(days => age), true, 5
       from unnest(array[31, 31, 29, 0]) as age
       returning id, extract(day from now() - at)::int as age`,
      [hooks[0]?.id],
    );

    expect(await ctx.app.housekeeping.runOnce()).toEqual({
      images: 0,
      emails: 0,
      notificationEvents: 0,
      webhookAttempts: 2,
      rateLimits: 0,
      pushActionTokens: 0,
    });

    const { rows: left } = await ctx.database.pool.query<{ id: string }>(
      'select id from webhook_attempts where id = any($1) order by id',
      [rows.map((r) => r.id)],
    );
    expect(left.map((r) => r.id)).toEqual(rows.filter((r) => r.age < 30).map((r) => r.id));
  });

  it('deletes sign-in failure counters of windows that ended over an hour ago and keeps current ones', async () => {
    // Ten wrong passwords from one address: its counters are current and refuse the eleventh attempt.
    const user = await createUser(ctx);
    const signIn = (password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        payload: { email: user.email, password },
        remoteAddress: '10.9.0.1',
      });
    for (let i = 0; i < 10; i++) expect((await signIn('feil-passord')).statusCode).toBe(400);
    const counters = async (where: string) =>
      (
        await ctx.database.pool.query<{ key: string }>(
          `select key from auth_rate_limits where ${where} order by key`,
        )
      ).rows.map((r) => r.key);
    const current = await counters('true');
    expect(current).toEqual([`login:email:${user.email.toLowerCase()}`, 'login:ip:10.9.0.1']);

    // Attempts from changing addresses, long ago: more than two batches of them.
    const old = 2 * HOUSEKEEPING_BATCH + 1;
    await ctx.database.pool.query(
      `insert into auth_rate_limits (key, window_start, count)
       select 'login:ip:10.8.' || (n / 256) || '.' || (n % 256), now() - make_interval(hours => 2 + n % 48), 3
       from generate_series(1, $1) as n`,
      [old],
    );
    // Expired but recent windows are kept a while (an hour) before they go.
    await ctx.database.pool.query(
      `insert into auth_rate_limits (key, window_start, count)
       values ('recover:ip:10.7.0.1', now() - interval '50 minutes', 1)`,
    );

    expect(await ctx.app.housekeeping.runOnce()).toEqual({
      images: 0,
      emails: 0,
      notificationEvents: 0,
      webhookAttempts: 0,
      rateLimits: old,
      pushActionTokens: 0,
    });

    expect(await counters('true')).toEqual([...current, 'recover:ip:10.7.0.1'].sort());
    expect(await counters(`key like 'login:ip:10.8.%'`)).toEqual([]);
    const refused = await signIn(TEST_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error_code).toBe('over_request_rate_limit');
    await ctx.database.pool.query('delete from auth_rate_limits');
  });
});

describe('housekeeping: with other instances, and with nothing due', () => {
  describe('with a second instance on the same database', () => {
    let second: { app: FastifyInstance; database: Database };
    beforeAll(async () => {
      const database = connectDatabase(ctx.databaseUrl, 5);
      const app = await buildApp({
        config: testConfig(ctx.databaseUrl),
        db: database.db,
        databaseKind: 'external',
        logger: false,
        backgroundHousekeeping: false,
      });
      await app.ready();
      second = { app, database };
    });
    afterAll(async () => {
      await second?.app.close();
      await second?.database.close();
    });

    it('lets one instance do a round while the other skips it', async () => {
      const unattached = await image(30);
      const [held, ...others] = await messages('sent', 40, 3);
      // A transaction holding one of the old messages keeps whichever round takes the lock busy until it
      // commits, so the two rounds surely overlap.
      const blocker = await ctx.database.pool.connect();
      try {
        await blocker.query('begin');
        await blocker.query('select id from outbox where id = $1 for update', [held]);
        const rounds = [ctx.app.housekeeping.runOnce(), second.app.housekeeping.runOnce()];
        expect(await Promise.race(rounds)).toBeNull();
        await blocker.query('commit');
        const reports = await Promise.all(rounds);
        expect(reports.filter((r) => r === null)).toHaveLength(1);
        expect(reports.find((r) => r !== null)).toEqual({
          images: 1,
          emails: 3,
          notificationEvents: 0,
          webhookAttempts: 0,
          rateLimits: 0,
          pushActionTokens: 0,
        });
      } finally {
        // Closing the connection ends its transaction even when an assertion above failed.
        blocker.release(true);
      }
      expect(await served(unattached)).toBe(404);
      expect(await remaining([held ?? 0, ...others])).toEqual([]);
    });
  });

  it('does nothing when nothing is due', async () => {
    const kept = [await image(2), await image(3)];
    await createLocation(admin, { imageId: await image(100) });
    const waiting = [...(await messages('pending', 90)), ...(await messages('sent', 2))];

    expect(await ctx.app.housekeeping.runOnce()).toEqual({
      images: 0,
      emails: 0,
      notificationEvents: 0,
      webhookAttempts: 0,
      rateLimits: 0,
      pushActionTokens: 0,
    });

    for (const id of kept) expect(await served(id)).toBe(200);
    expect(await remaining(waiting)).toEqual(waiting);
  });
});
