import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/fault-actors';
import { createTestApp, createTestInstance, createUser, type TestContext } from '../../../test/helpers';
import { type ApiClient, caller, createBay, createLocation, grantAccess } from '../../../test/locations';
import { emailsTo, insertRecipient, recordEvent } from '../../../test/notify';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp';

let ctx: TestContext;
let smtp: TestSmtpServer;
let admin: ApiClient;
let bryn: { locationId: string; bayId: string };
let moss: { locationId: string; bayId: string };
const dispatch = () => ctx.app.notifying.dispatcher.dispatchDue();
const env = () => ({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://drift.example.no' });

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestApp(env());
  admin = await caller(ctx, 'admin');
  const place = async (name: string) => {
    const locationId = await createLocation(admin, { name });
    return { locationId, bayId: await createBay(admin, locationId) };
  };
  bryn = await place('Vask Bryn');
  moss = await place('Vask Moss');
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});
beforeEach(async () => {
  await ctx.database.pool.query(
    'delete from notification_recipients; delete from webhooks; delete from mutes',
  );
});

describe('the notification dispatcher: who is told', () => {
  it('tells a user, a group by its members at send time and a custom address, one e-mail per address', async () => {
    const kari = await createUser(ctx, { role: 'operator', email: 'kari@example.no' });
    const ola = await createUser(ctx, { role: 'operator', email: 'ola@example.no' });
    const per = await createUser(ctx, { role: 'operator', email: 'per@example.no' });
    for (const user of [kari, ola, per]) await grantAccess(ctx, user.id, bryn.locationId);
    const group = await admin.post('backend/groups/create', {
      name: 'Vakt',
      description: 'Vaktlaget',
      config: { color: '#112233' },
      members: [kari.id, ola.id],
    });
    const groupId = group.json().data.id;
    await insertRecipient(ctx, { user_id: kari.id }, { tags: ['critical'] });
    await insertRecipient(ctx, { group_id: groupId }, { tags: ['critical'] });
    await insertRecipient(ctx, { name: 'Vaktsentral', email: 'Vakt@Example.no' }, { tags: ['critical'] });
    await insertRecipient(ctx, { name: 'Bare info', email: 'info@example.no' }, { tags: ['info'] });
    // Members change after the recipient was made: the members when it is sent count.
    await admin.patch('backend/groups/update', { id: groupId, members: [kari.id, per.id] });

    const event = await recordEvent(ctx.database.db, bryn);
    expect(await dispatch()).toEqual({ events: 1, emails: 3 });

    expect(await emailsTo(ctx, event)).toEqual(['kari@example.no', 'per@example.no', 'Vakt@Example.no']);
    const mail = await smtp.waitFor((m) => m.to.includes('per@example.no'));
    expect(mail.subject).toBe('Kritisk: Vanntrykk på Vask Bryn – Hall 1');
    expect(mail.text).toContain(`https://drift.example.no/?bay=${bryn.bayId}`);
    expect(await dispatch()).toEqual({ events: 0, emails: 0 });
  });

  it("links each address where its reader may go: the bay's page for an admin, its panel for others", async () => {
    const operator = await createUser(ctx, { role: 'operator', email: 'tekniker@example.no' });
    const viewer = await createUser(ctx, { role: 'user', email: 'seer@example.no' });
    const boss = await createUser(ctx, { role: 'admin', email: 'leder@example.no' });
    for (const user of [operator, viewer]) await grantAccess(ctx, user.id, bryn.locationId);
    for (const user of [operator, viewer, boss])
      await insertRecipient(ctx, { user_id: user.id }, { tags: ['critical'] });
    await insertRecipient(ctx, { name: 'Vaktsentral', email: 'sentral@example.no' }, { tags: ['critical'] });
    // The admin is also reached as a custom address: the user behind it decides where the link leads.
    await insertRecipient(ctx, { name: 'Leder', email: 'Leder@example.no' }, { tags: ['critical'] });

    await recordEvent(ctx.database.db, bryn);
    await dispatch();
    const linkIn = async (to: string) =>
      (await smtp.waitFor((m) => m.to.includes(to))).text.match(/Åpne vaskehallen: (\S+)/)?.[1];
    const panel = `https://drift.example.no/?bay=${bryn.bayId}`;
    expect(await linkIn('tekniker@example.no')).toBe(panel);
    expect(await linkIn('seer@example.no')).toBe(panel);
    expect(await linkIn('sentral@example.no')).toBe(panel);
    expect(await linkIn('leder@example.no')).toBe(
      `https://drift.example.no/locations/${bryn.locationId}/bays/${bryn.bayId}`,
    );
  });

  it('limits a recipient to its facilities, and a user to the facilities they may see', async () => {
    await insertRecipient(ctx, { name: 'Alle', email: 'alle@example.no' }, { tags: ['critical'] });
    await insertRecipient(
      ctx,
      { name: 'Moss', email: 'moss@example.no' },
      { tags: ['critical'], locationIds: [moss.locationId] },
    );
    const blind = await createUser(ctx, { role: 'operator', email: 'blind@example.no' });
    const boss = await createUser(ctx, { role: 'admin', email: 'sjef@example.no' });
    const gone = await createUser(ctx, { role: 'admin', email: 'borte@example.no' });
    await ctx.database.pool.query('update users set disabled_at = now() where id = $1', [gone.id]);
    for (const user of [blind, boss, gone])
      await insertRecipient(ctx, { user_id: user.id }, { tags: ['critical'] });

    const atBryn = await recordEvent(ctx.database.db, bryn);
    const atMoss = await recordEvent(ctx.database.db, moss);
    await dispatch();
    expect(await emailsTo(ctx, atBryn)).toEqual(['alle@example.no', 'sjef@example.no']);
    expect(await emailsTo(ctx, atMoss)).toEqual(['alle@example.no', 'moss@example.no', 'sjef@example.no']);

    // Access granted later: the next event reaches the operator.
    await grantAccess(ctx, blind.id, bryn.locationId);
    const later = await recordEvent(ctx.database.db, bryn);
    await dispatch();
    expect(await emailsTo(ctx, later)).toEqual(['alle@example.no', 'blind@example.no', 'sjef@example.no']);
  });

  it('tells every enabled admin of a system notice, whatever the recipients say', async () => {
    const admins = await ctx.database.pool.query<{ email: string }>(
      `select email from users where role in ('admin', 'superadmin') and disabled_at is null order by lower(email)`,
    );
    const gone = await createUser(ctx, { role: 'admin', email: 'gammel-sjef@example.no' });
    await ctx.database.pool.query('update users set disabled_at = now() where id = $1', [gone.id]);
    await createUser(ctx, { role: 'operator' });
    const event = await recordEvent(ctx.database.db, bryn, {
      type: 'system.webhook_disabled',
      tag: 'system',
      locationIds: [],
      bayIds: [],
      suppressible: false,
      payload: {
        webhookId: 'w',
        name: 'Vaktsystem',
        url: 'https://x.example.no',
        failingSince: null,
        reason: 'Feil',
      },
    });
    await dispatch();
    expect(await emailsTo(ctx, event)).toEqual(admins.rows.map((row) => row.email));
  });

  it('stamps a muted event dispatched without telling anyone', async () => {
    await insertRecipient(ctx, { name: 'Alle', email: 'alle@example.no' }, { tags: ['critical'] });
    await ctx.database.pool.query(
      `insert into mutes (location_id, until) values ($1, now() + interval '1 hour')`,
      [bryn.locationId],
    );
    const event = await recordEvent(ctx.database.db, bryn);
    await dispatch();
    const { rows } = await ctx.database.pool.query(
      'select suppressed, dispatched_at is not null as dispatched from notification_events where id = $1',
      [event],
    );
    expect(rows[0]).toEqual({ suppressed: 'muted', dispatched: true });
    expect(await emailsTo(ctx, event)).toEqual([]);
  });
});

describe('the notification dispatcher: two instances and an SMTP server away', () => {
  it('two instances dispatching the same events write every e-mail and webhook delivery exactly once', async () => {
    await insertRecipient(ctx, { name: 'En', email: 'en@example.no' }, { tags: ['critical'] });
    await insertRecipient(ctx, { name: 'To', email: 'to@example.no' }, { tags: ['critical'] });
    await ctx.database.pool.query(
      `insert into webhooks (name, url, secret, tags) values ('Vakt', 'https://hook.example.no', 'x', '{critical}')`,
    );
    const second = await createTestInstance(ctx, env());
    const events: number[] = [];
    for (let i = 0; i < 250; i++) events.push(await recordEvent(ctx.database.db, bryn));

    const [a, b] = await Promise.all([dispatch(), second.app.notifying.dispatcher.dispatchDue()]);
    expect(a.events + b.events).toBe(250);
    const { rows } = await ctx.database.pool.query(
      `select channel, count(*)::int as n, count(distinct (event_id, recipient_key))::int as distinct
       from outbox where event_id = any($1) group by channel order by channel`,
      [events],
    );
    expect(rows).toEqual([
      { channel: 'email', n: 500, distinct: 500 },
      { channel: 'webhook', n: 250, distinct: 250 },
    ]);
    const undispatched = await ctx.database.pool.query(
      'select count(*)::int as n from notification_events where dispatched_at is null',
    );
    expect(undispatched.rows[0].n).toBe(0);
  }, 60_000);

  it('keeps e-mails pending while SMTP is down and delivers each once when it is back', async () => {
    await insertRecipient(ctx, { name: 'Nede', email: 'nede@example.no' }, { tags: ['critical'] });
    const port = smtp.port;
    await smtp.close();
    const event = await recordEvent(ctx.database.db, bryn);
    await dispatch();
    const rows = async () =>
      (
        await ctx.database.pool.query(
          `select status, attempts, last_error from outbox where event_id = $1 and channel = 'email'`,
          [event],
        )
      ).rows;
    const row = async () => (await rows())[0];
    // The mailers may still be sending the 500 e-mails of the test before; this row comes after them.
    await waitFor(
      async () => Boolean((await row())?.last_error),
      'det første mislykkede forsøket',
      40_000,
      50,
    );
    expect(await row()).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: expect.stringMatching(/ECONNREFUSED/),
    });

    smtp = await startSmtpServer(port);
    // The retry is due (in ten seconds, decision 004); the test lets that time pass at once.
    await ctx.database.pool.query(`update outbox set next_attempt_at = now() where event_id = $1`, [event]);
    ctx.app.mailer.nudge();
    await smtp.waitFor((m) => m.to.includes('nede@example.no'));
    await ctx.app.notifying.dispatcher.dispatchDue();
    // The mailer marks a row sent only after the SMTP server took the message. Once the event's one e-mail
    // row is sent, nothing of it is pending or on its way: a second message would be here already.
    await waitFor(async () => (await row())?.status === 'sent', 'e-posten markert som sendt', 10_000, 50);
    expect(await rows()).toHaveLength(1);
    expect(smtp.messages.filter((m) => m.to.includes('nede@example.no'))).toHaveLength(1);
    expect(await row()).toMatchObject({ status: 'sent', attempts: 2 });
  }, 60_000);
});
