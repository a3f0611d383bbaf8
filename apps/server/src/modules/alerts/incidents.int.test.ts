import type { WebhookBody } from '@vaskedrift/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, createTestInstance, type TestContext } from '../../../test/helpers';
import { type ApiClient, caller, createBay, createLocation, grantAccess } from '../../../test/locations';
import { type PushedLocation, pushedLocation, recordedEvents } from '../../../test/notifications';
import { insertRecipient } from '../../../test/notify';

/*
 * Incidents (docs/domain.md, Incidents; decision 033) through pushed checks, so each check's values are
 * exact: one message per incident and recipient when it opens, worsens and is resolved, by e-mail and
 * webhook; the group wait; an API's incidents; acknowledging; the re-send after a mute or maintenance.
 */
let ctx: TestContext;
let admin: ApiClient;

afterEach(async () => {
  await ctx?.close();
});

const PATHS = ['temp', 'pressure', 'soap'];

/** A facility with one bay of three attributes, an operator told of `critical` and `warning`, and a webhook. */
async function setUp(env: Record<string, string> = { INCIDENT_GROUP_WAIT_MS: '0' }) {
  ctx = await createTestApp(env);
  admin = await caller(ctx, 'admin');
  const f = await pushedLocation(ctx, admin, { paths: PATHS });
  const operator = await caller(ctx, 'operator');
  await grantAccess(ctx, operator.user.id, f.locationId);
  await insertRecipient(ctx, { user_id: operator.user.id }, { tags: ['critical', 'warning'] });
  await insertRecipient(ctx, { name: 'Vakt', email: 'vakt@example.no' }, { tags: ['critical'] });
  const webhook = await admin.post('backend/webhooks/create', {
    name: 'Driftskanal',
    url: 'https://hooks.example.no/vask',
    secret: 'a'.repeat(32),
    tags: ['critical', 'warning'],
  });
  expect(webhook.statusCode, webhook.body).toBe(200);
  expect(await f.push(values(20, 20, 20))).toBe(200);
  return { f, operator };
}

const values = (temp: number, pressure: number, soap: number) => ({ 'hall-1': { temp, pressure, soap } });
const dispatch = (now?: Date) => ctx.app.notifying.dispatcher.dispatchDue(now);

type Sent = { channel: string; to: string; subject: string; text: string; kind: string };
async function outbox(): Promise<Sent[]> {
  const { rows } = await ctx.database.pool.query<Sent>(
    'select channel, "to", subject, text, kind from outbox order by id',
  );
  return rows;
}
const emails = async () => (await outbox()).filter((row) => row.channel === 'email');
const webhookBodies = async () =>
  (await outbox())
    .filter((row) => row.channel === 'webhook')
    .map((row) => JSON.parse(row.text) as WebhookBody);
const incidentTypes = async () =>
  (await recordedEvents(ctx))
    .filter((e) => e.type.startsWith('incident.'))
    .map((e) => [e.type, e.suppressed]);

describe('one fault, one incident', () => {
  it('three attributes tripping in one check: one e-mail per recipient naming all three, one webhook; clearing: one «Løst» with its duration and the same id', async () => {
    const { f, operator } = await setUp();
    expect(await f.push(values(95, 95, 75))).toBe(200);
    await dispatch();
    const { rows: incidents } = await ctx.database.pool.query(
      'select id, level, resolved_at from incidents where bay_id = $1',
      [f.bays.get('hall-1')],
    );
    expect(incidents).toEqual([{ id: expect.any(String), level: 'critical', resolved_at: null }]);
    const incidentId = incidents[0].id as string;
    const opened = await emails();
    expect(opened.map((e) => e.to).sort()).toEqual([operator.user.email, 'vakt@example.no'].sort());
    for (const email of opened) {
      expect(email.kind).toBe('notification/incident.opened');
      expect(email.subject).toMatch(/^Kritisk: Anlegg .+ – Hall 1$/);
      expect(email.text).toContain('Hall 1 har 3 årsaker til varsel.');
      expect(email.text).toContain('- Hallverdier 95 · kritisk over 90');
      expect(email.text).toContain('- Hallverdier 75 · advarsel over 70');
      expect(email.text.match(/^- Hallverdier/gm)).toHaveLength(3);
      expect(email.text).toContain(`Hendelse: ${incidentId}`);
    }
    const [hook] = await webhookBodies();
    expect(await webhookBodies()).toHaveLength(1);
    expect(hook).toMatchObject({
      type: 'incident.opened',
      incident: { id: incidentId, level: 'critical', resolvedAt: null, durationSeconds: null },
    });
    expect(hook?.incident?.causes.map((c) => (c.kind === 'attribute' ? [c.path, c.level] : null))).toEqual([
      ['pressure', 'critical'],
      ['temp', 'critical'],
      ['soap', 'warning'],
    ]);

    // Two clear first: nothing is told until the last cause is gone.
    expect(await f.push(values(20, 20, 75))).toBe(200);
    await dispatch();
    expect(await emails()).toHaveLength(2);
    expect(await f.push(values(20, 20, 20))).toBe(200);
    await dispatch();
    const resolved = (await emails()).slice(2);
    expect(resolved.map((e) => e.to).sort()).toEqual([operator.user.email, 'vakt@example.no'].sort());
    for (const email of resolved) {
      expect(email.subject).toMatch(/^Løst: Anlegg .+ – Hall 1 \(varte under 1 min\)$/);
      expect(email.text).toContain('er løst etter under 1 min.');
      expect(email.text).toContain('- Hallverdier (var kritisk)');
      expect(email.text).toContain(`Hendelse: ${incidentId}`);
    }
    const hooks = await webhookBodies();
    expect(hooks).toHaveLength(2);
    expect(hooks[1]).toMatchObject({
      type: 'incident.resolved',
      incident: { id: incidentId, resolvedAt: expect.any(String), durationSeconds: expect.any(Number) },
    });
  });

  it('warning then critical: one opening, then one «Forverret til kritisk», to whoever subscribes to it', async () => {
    const { f, operator } = await setUp();
    expect(await f.push(values(75, 20, 20))).toBe(200);
    await dispatch();
    expect((await emails()).map((e) => [e.to, e.subject.split(':')[0]])).toEqual([
      [operator.user.email, 'Advarsel'],
    ]);
    expect(await f.push(values(95, 20, 20))).toBe(200);
    await dispatch();
    expect(await f.push(values(95, 75, 20))).toBe(200);
    await dispatch();
    const worsened = (await emails()).slice(1);
    expect(worsened.map((e) => e.to).sort()).toEqual([operator.user.email, 'vakt@example.no'].sort());
    for (const email of worsened) {
      expect(email.subject).toMatch(/^Forverret til kritisk: /);
      expect(email.text).toContain('er forverret til kritisk.');
    }
    expect(await incidentTypes()).toEqual([
      ['incident.opened', null],
      ['incident.worsened', null],
    ]);
  });

  it('two attributes tripping in two checks within the group wait: one opening naming both', async () => {
    const { f, operator } = await setUp({ INCIDENT_GROUP_WAIT_MS: '30000' });
    expect(await f.push(values(95, 20, 20))).toBe(200);
    // Within the wait nothing goes out; the second cause joins the held opening.
    expect(await dispatch()).toEqual({ events: 0, emails: 0 });
    expect(await f.push(values(95, 95, 20))).toBe(200);
    await dispatch(new Date(Date.now() + 31_000));
    const sent = await emails();
    expect(sent.map((e) => e.to).sort()).toEqual([operator.user.email, 'vakt@example.no'].sort());
    for (const email of sent) {
      expect(email.text).toContain('Hall 1 har 2 årsaker til varsel.');
      expect(email.text.match(/^- Hallverdier 95 · kritisk over 90$/gm)).toHaveLength(2);
    }
    expect(await incidentTypes()).toEqual([['incident.opened', null]]);
  });

  it('acknowledging one alert acknowledges every open alert of its incident', async () => {
    const { f, operator } = await setUp();
    expect(await f.push(values(95, 95, 75))).toBe(200);
    const { rows: open } = await ctx.database.pool.query('select id from alerts where resolved_at is null');
    expect(open).toHaveLength(3);
    const res = await operator.post('backend/alerts/acknowledge', { id: open[0].id });
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await ctx.database.pool.query(
      `select (select count(*)::int from alerts where acknowledged_by = $1) as alerts,
        (select count(*)::int from alert_events where kind = 'acknowledged' and user_id = $1) as events,
        (select count(*)::int from incidents where acknowledged_by = $1) as incidents`,
      [operator.user.id],
    );
    expect(rows[0]).toEqual({ alerts: 3, events: 3, incidents: 1 });
    expect(f.bays.get('hall-1')).toBeDefined();
  });

  it('two instances dispatching: each message once', async () => {
    const { f } = await setUp();
    const other = await createTestInstance(ctx, { INCIDENT_GROUP_WAIT_MS: '0' });
    expect(await f.push(values(95, 95, 95))).toBe(200);
    await Promise.all([dispatch(), other.app.notifying.dispatcher.dispatchDue()]);
    expect(await f.push(values(20, 20, 20))).toBe(200);
    await Promise.all([dispatch(), other.app.notifying.dispatcher.dispatchDue()]);
    const kinds = (await outbox()).map((row) => `${row.channel}:${row.kind}`);
    expect(kinds.sort()).toEqual(
      [
        'email:notification/incident.opened',
        'email:notification/incident.opened',
        'email:notification/incident.resolved',
        'email:notification/incident.resolved',
        'webhook:webhook/incident.opened',
        'webhook:webhook/incident.resolved',
      ].sort(),
    );
  });
});

describe('an API that stops answering', () => {
  it('opens one incident per facility behind it, each told to those who see that facility', async () => {
    ctx = await createTestApp({ INCIDENT_GROUP_WAIT_MS: '0' });
    admin = await caller(ctx, 'admin');
    const f: PushedLocation = await pushedLocation(ctx, admin);
    const other = await createLocation(admin, { name: 'Vask Lade' });
    const bay = await createBay(admin, other, { name: 'Hall A' });
    const metric = (
      await admin.post('backend/bays/metrics/get', { id: f.bayMetrics.get('hall-1:temp') })
    ).json().data;
    const bound = await admin.post('backend/bays/metrics/create', {
      bayId: bay,
      apiMetricId: metric.apiMetricId,
      keyValue: 'hall-2',
      path: 'temp',
      type: 'number',
      operator: 'gt',
      thresholdCritical: '90',
      thresholdWarning: '70',
      thresholdInactive: '',
      thresholdActive: '-1',
    });
    expect(bound.statusCode, bound.body).toBe(200);
    const operator = await caller(ctx, 'operator');
    await grantAccess(ctx, operator.user.id, other);
    await insertRecipient(ctx, { user_id: operator.user.id }, { tags: ['critical'] });
    expect(await f.push({ 'hall-1': { temp: 20 }, 'hall-2': { temp: 20 } })).toBe(200);
    for (let i = 0; i < 3; i++) await f.pushGarbage();
    await dispatch();
    const { rows } = await ctx.database.pool.query(
      'select location_id, level from incidents where api_id = $1 order by location_id',
      [f.apiId],
    );
    expect(rows).toEqual(
      [
        { location_id: f.locationId, level: 'critical' },
        { location_id: other, level: 'critical' },
      ].sort((a, b) => a.location_id.localeCompare(b.location_id)),
    );
    const sent = await emails();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toBe(operator.user.email);
    expect(sent[0]?.subject).toMatch(/^Kritisk: API-et Kasse .+ svarer ikke – Vask Lade$/);
    expect(sent[0]?.text).toContain('- Vask Lade – Hall A:');
    expect(sent[0]?.text).not.toContain('Hall 1');
  });
});

describe('told again after a mute or maintenance', () => {
  it('maintenance over an open incident, ended while the fault persists: the incident is sent again', async () => {
    const { f, operator } = await setUp();
    const bayId = f.bays.get('hall-1') as string;
    const started = await operator.post('backend/bays/maintenance/start', {
      bayId,
      type: 'service',
      assigneeId: operator.user.id,
      description: 'Bytter børster',
      reminderHours: 1,
      reminderMinutes: 0,
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(await f.push(values(95, 20, 20))).toBe(200);
    expect(await incidentTypes()).toEqual([['incident.opened', 'maintenance']]);
    // Still in maintenance: nothing to send again.
    expect(await ctx.app.statusEngine.escalation.resendDue()).toBe(0);
    expect((await operator.post('backend/bays/maintenance/end', { bayId })).statusCode).toBe(200);
    expect(await ctx.app.statusEngine.escalation.resendDue()).toBe(1);
    expect(await ctx.app.statusEngine.escalation.resendDue()).toBe(0);
    expect(await incidentTypes()).toEqual([
      ['incident.opened', 'maintenance'],
      ['incident.opened', null],
    ]);
    await dispatch();
    const told = (await emails()).filter((e) => e.kind === 'notification/incident.opened');
    expect(told.map((e) => e.to).sort()).toEqual([operator.user.email, 'vakt@example.no'].sort());
    // Told now, so its end is told too.
    expect(await f.push(values(20, 20, 20))).toBe(200);
    expect((await incidentTypes()).at(-1)).toEqual(['incident.resolved', null]);
  });

  it('a mute that expires while the fault persists: the incident is sent again', async () => {
    const { f, operator } = await setUp();
    const bayId = f.bays.get('hall-1') as string;
    const muted = await operator.post('backend/mutes/create', { bayId, hours: 2, reason: 'Bytter sensor' });
    expect(muted.statusCode, muted.body).toBe(200);
    expect(await f.push(values(95, 95, 20))).toBe(200);
    expect(await incidentTypes()).toEqual([['incident.opened', 'muted']]);
    expect(await ctx.app.statusEngine.escalation.resendDue()).toBe(0);
    // The mute runs out by time: no event marks it, the next round finds it.
    await ctx.database.pool.query(`update mutes set until = now() - interval '1 second' where bay_id = $1`, [
      bayId,
    ]);
    expect(await ctx.app.statusEngine.escalation.resendDue()).toBe(1);
    await dispatch();
    const told = await emails();
    expect(told.map((e) => e.to).sort()).toEqual([operator.user.email, 'vakt@example.no'].sort());
    expect(told[0]?.text).toContain('Hall 1 har 2 årsaker til varsel.');
  });
});
