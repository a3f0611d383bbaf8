import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createTestInstance,
  type TestContext,
  type TestInstance,
} from '../../../test/helpers';
import { type ApiClient, caller, createBay, createLocation, grantAccess } from '../../../test/locations';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp';
import { setPeriods } from '../../../test/status-periods';

/*
 * Reports by e-mail (docs/domain.md, Reports by e-mail), on a clock the test moves and two instances on one
 * database. The figures are worked out by hand for week 45 of 2026, Monday 2 November 00:00 to Monday
 * 9 November 00:00 Norwegian time (UTC+1): 168 h.
 *
 * - Rapportveien Vask, Hall 1: an error of 2 h (4 November 10:00–12:00Z) → 166/168 = 98,8 %.
 * - Rapportveien Vask, Hall 2: operational all week → 100 %.
 * - Kveldsvask, Hall 1: an error of 30 min (6 November 20:00–20:30Z) → 167,5/168 = 99,7 %.
 * - Tomt, Hall 1: never monitored → no figure, and no e-mail to a reader of only that facility.
 *
 * The whole chain: 504 h observed, 2,5 h down → 501,5/504 = 99,5 %; 2 failures; MTTR (2 h + 30 min)/2 =
 * 1 t 15 min. Rapportveien Vask alone: 334/336 = 99,4 %.
 */
let ctx: TestContext;
let second: TestInstance;
let smtp: TestSmtpServer;
let admin: ApiClient;
let now = new Date('2026-11-09T05:59:00Z');
const clock = { now: () => now };
const location = { rapport: '', kveld: '', tomt: '' };
let operatorEmail = '';

const plain = (text: string) => text.replaceAll('\u00a0', ' ').replaceAll('\u202f', ' ');

async function addRecipient(body: Record<string, unknown>) {
  const res = await admin.post('backend/settings/notifications/create', body);
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  const env = { SMTP_URL: smtp.url, PUBLIC_URL: 'https://vask.example.no' };
  ctx = await createTestApp(env, { clock });
  second = await createTestInstance(ctx, env, { clock });
  admin = await caller(ctx, 'admin');

  location.rapport = await createLocation(admin, { name: 'Rapportveien Vask' });
  location.kveld = await createLocation(admin, { name: 'Kveldsvask' });
  location.tomt = await createLocation(admin, { name: 'Tomt' });
  const hall1 = await createBay(admin, location.rapport, { name: 'Hall 1' });
  await setPeriods(ctx, hall1, [
    ['operational', '2026-10-01T00:00:00Z', '2026-11-04T10:00:00Z'],
    ['error', '2026-11-04T10:00:00Z', '2026-11-04T12:00:00Z'],
    ['operational', '2026-11-04T12:00:00Z', null],
  ]);
  const hall2 = await createBay(admin, location.rapport, { name: 'Hall 2' });
  await setPeriods(ctx, hall2, [['operational', '2026-10-01T00:00:00Z', null]]);
  const kveld = await createBay(admin, location.kveld, { name: 'Hall 1' });
  await setPeriods(ctx, kveld, [
    ['operational', '2026-10-01T00:00:00Z', '2026-11-06T20:00:00Z'],
    ['error', '2026-11-06T20:00:00Z', '2026-11-06T20:30:00Z'],
    ['operational', '2026-11-06T20:30:00Z', null],
  ]);
  await createBay(admin, location.tomt, { name: 'Hall 1' });

  // The admin (every facility), a manager's address for one facility, an operator who may see only
  // Kveldsvask (its recipient covers all: access narrows it), an address for the empty facility, and a
  // recipient of critical alerts only.
  await addRecipient({
    recipient: { kind: 'user', userId: admin.user.id },
    tags: ['reports'],
    allLocations: true,
  });
  await addRecipient({
    recipient: { kind: 'custom', name: 'Leder', email: 'leder@example.no' },
    tags: ['reports'],
    allLocations: false,
    locationIds: [location.rapport],
  });
  const operator = await caller(ctx, 'operator');
  operatorEmail = operator.user.email;
  await grantAccess(ctx, operator.user.id, location.kveld);
  await addRecipient({
    recipient: { kind: 'user', userId: operator.user.id },
    tags: ['reports'],
    allLocations: true,
  });
  await addRecipient({
    recipient: { kind: 'custom', name: 'Tomt', email: 'tomt@example.no' },
    tags: ['reports'],
    allLocations: false,
    locationIds: [location.tomt],
  });
  await addRecipient({
    recipient: { kind: 'custom', name: 'Vakt', email: 'vakt@example.no' },
    tags: ['critical'],
    allLocations: true,
  });
});

afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

/** Both instances look for due reports at once, then both dispatch at once, as their loops would. */
async function bothInstancesRun(): Promise<number> {
  const recorded = await Promise.all([
    ctx.app.notifying.reports.recordDue(),
    second.app.notifying.reports.recordDue(),
  ]);
  await Promise.all([
    ctx.app.notifying.dispatcher.dispatchDue(),
    second.app.notifying.dispatcher.dispatchDue(),
  ]);
  return recorded[0] + recorded[1];
}

async function reportRows(kind: string) {
  const { rows } = await ctx.database.pool.query<{ to: string; status: string }>(
    `select "to", status from outbox where kind = $1 order by "to"`,
    [`notification/report.${kind}`],
  );
  return rows;
}

describe('reports by e-mail', () => {
  it('a webhook may not subscribe to reports; a recipient may', async () => {
    const res = await admin.post('backend/webhooks/create', {
      name: 'Rapportkrok',
      url: 'https://hooks.example.no/rapport',
      secret: 'hemmelig-nokkel-1234',
      tags: ['reports'],
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('Ukjent hendelse eller nivå');
  });

  it('before Monday 07:00 nothing is due; at 07:00 the week is recorded once by two instances and each reader gets one e-mail', async () => {
    expect(await bothInstancesRun()).toBe(0);

    now = new Date('2026-11-09T06:00:30Z');
    expect(await bothInstancesRun()).toBe(1);
    const { rows: events } = await ctx.database.pool.query(
      `select type, dedupe_key from notification_events where tag = 'reports'`,
    );
    expect(events).toEqual([{ type: 'report.weekly', dedupe_key: 'report:weekly:2026-W45' }]);

    // Three readers: the admin, the manager and the operator; none for the empty facility or the
    // critical-only recipient.
    const rows = await reportRows('weekly');
    expect(rows.map((row) => row.to).sort()).toEqual(
      [admin.user.email, 'leder@example.no', operatorEmail].sort(),
    );
    const arrived = await Promise.all(
      rows.map((row) =>
        smtp.waitFor((mail) => mail.to.includes(row.to) && mail.subject.startsWith('Ukerapport')),
      ),
    );
    const [adminMail, lederMail, operatorMail] = [admin.user.email, 'leder@example.no', operatorEmail].map(
      (to) => arrived.find((mail) => mail.to.includes(to)),
    );

    expect(plain(adminMail?.subject ?? '')).toBe(
      'Ukerapport uke 45 (02.11.2026–08.11.2026): tilgjengelighet 99,5 %',
    );
    const text = plain(adminMail?.text ?? '');
    expect(text).toContain(
      'Totalt for 2 anlegg og 3 vaskehaller: tilgjengelighet 99,5 %, nedetid 2 t 30 min, 2 feil, 0 advarsler, MTTR 1 t 15 min.',
    );
    expect(text).toContain(
      '1. Rapportveien Vask – Hall 1: tilgjengelighet 98,8 %, nedetid 2 t, 1 feil, 0 advarsler, MTTR 2 t',
    );
    expect(text).toContain(
      '2. Kveldsvask – Hall 1: tilgjengelighet 99,7 %, nedetid 30 min, 1 feil, 0 advarsler, MTTR 30 min',
    );
    expect(text).not.toContain('Hall 2:');
    expect(text).toContain(
      'Se rapporten i Vaskedrift: https://vask.example.no/reports/availability?range=custom&from=2026-11-02&to=2026-11-08',
    );
    expect(adminMail?.attachments).toHaveLength(1);
    const csv = adminMail?.attachments[0];
    expect(csv?.filename).toBe('tilgjengelighet-2026-11-02-2026-11-08.csv');
    expect(csv?.contentType).toMatch(/^text\/csv/);
    expect(csv?.content.split('\r\n')).toEqual([
      '\uFEFFAnlegg;Vaskehall;Tilgjengelighet (%);Nedetid (timer);Antall feil;Antall advarsler;MTTR (minutter);Vedlikehold (timer);Vask;Forventede vask;Tapte vask;Uvanlige verdier',
      'Kveldsvask;Hall 1;99,70;0,50;1;0;30,0;0,00;;;;',
      'Rapportveien Vask;Hall 1;98,81;2,00;1;0;120,0;0,00;;;;',
      'Rapportveien Vask;Hall 2;100,00;0,00;0;0;;0,00;;;;',
      'Totalt;;99,50;2,50;2;0;75,0;0,00;;;;',
      '',
    ]);

    // The manager's address: Rapportveien Vask alone, no link (no account to open it with).
    expect(plain(lederMail?.subject ?? '')).toBe(
      'Ukerapport uke 45 (02.11.2026–08.11.2026): tilgjengelighet 99,4 %',
    );
    expect(plain(lederMail?.text ?? '')).toContain('Totalt for 1 anlegg og 2 vaskehaller');
    expect(lederMail?.text).not.toContain('Kveldsvask');
    expect(lederMail?.text).not.toContain('https://');
    // The operator: only the facility they may see, and no link to a page operators may not open.
    expect(plain(operatorMail?.subject ?? '')).toContain('tilgjengelighet 99,7 %');
    expect(operatorMail?.text).not.toContain('Rapportveien');
    expect(operatorMail?.text).not.toContain('https://');
    expect(operatorMail?.attachments[0]?.content).toContain('Kveldsvask;Hall 1;99,70');

    // Sent once: every row sent on the first attempt, one message per reader.
    await expect
      .poll(async () => (await reportRows('weekly')).map((row) => row.status), { timeout: 10_000 })
      .toEqual(['sent', 'sent', 'sent']);
    const weekly = smtp.messages.filter((mail) => mail.subject.startsWith('Ukerapport'));
    expect(weekly.flatMap((mail) => mail.to).sort()).toEqual(rows.map((row) => row.to).sort());
  });

  it('later that day and the day after the same week is not recorded again; two days late it is no longer sent', async () => {
    now = new Date('2026-11-09T12:00:00Z');
    expect(await bothInstancesRun()).toBe(0);
    now = new Date('2026-11-10T06:00:00Z');
    expect(await bothInstancesRun()).toBe(0);
    expect(await reportRows('weekly')).toHaveLength(3);
  });

  it('the 1st at 07:00 sends the month before, October, once', async () => {
    now = new Date('2026-11-01T06:00:10Z');
    expect(await bothInstancesRun()).toBe(1);
    expect(await bothInstancesRun()).toBe(0);
    const rows = await reportRows('monthly');
    expect(rows).toHaveLength(3);
    const mail = await smtp.waitFor(
      (m) => m.to.includes(admin.user.email) && m.subject.startsWith('Månedsrapport'),
    );
    // Every bay operational the whole month: 100 %, nobody down.
    expect(plain(mail.subject)).toBe('Månedsrapport oktober 2026: tilgjengelighet 100,0 %');
    expect(mail.text).toContain('Ingen vaskehall var nede i perioden.');
    expect(mail.attachments[0]?.filename).toBe('tilgjengelighet-2026-10-01-2026-10-31.csv');
  });
});
