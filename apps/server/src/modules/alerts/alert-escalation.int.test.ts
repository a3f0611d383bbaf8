import type { Logger } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { type ApiClient, caller } from '../../../test/locations';
import { type PushedLocation, pushedLocation, recordedEvents } from '../../../test/notifications';
import { createAlertEscalation } from './alert-escalation';

/*
 * Escalation of critical alerts nobody acknowledged (ALERT_ESCALATION_MINUTES, default 15), driven by an
 * injected clock: `escalateDue(now)` with `now` minutes ahead of the alert's time.
 */
let ctx: TestContext;
let admin: ApiClient;
let f: PushedLocation;

beforeEach(async () => {
  ctx = await createTestApp();
  admin = await caller(ctx, 'admin');
  f = await pushedLocation(ctx, admin);
  await f.push({ 'hall-1': { temp: 20 } });
});
afterEach(async () => {
  await ctx?.close();
});

const minutesFrom = (start: Date, minutes: number) => new Date(start.getTime() + minutes * 60_000);
const escalations = async () => (await recordedEvents(ctx)).filter((e) => e.type === 'alert.unacknowledged');
const escalateDue = (now: Date) => ctx.app.statusEngine.escalation.escalateDue(now);

async function openAlert(temp: number): Promise<{ id: string; updatedAt: Date }> {
  await f.push({ 'hall-1': { temp } });
  const { rows } = await ctx.database.pool.query(
    'select id, updated_at from alerts where bay_id = $1 and resolved_at is null',
    [f.bays.get('hall-1')],
  );
  return { id: rows[0].id, updatedAt: rows[0].updated_at };
}

describe('an unacknowledged critical alert escalates once', () => {
  it('not before 15 minutes, once after, with the alert in its payload', async () => {
    const alert = await openAlert(95);
    expect(await escalateDue(minutesFrom(alert.updatedAt, 14.9))).toBe(0);
    expect(await escalations()).toEqual([]);
    expect(await escalateDue(minutesFrom(alert.updatedAt, 15))).toBe(1);
    expect(await escalateDue(minutesFrom(alert.updatedAt, 60))).toBe(0);
    expect(await escalations()).toMatchObject([
      {
        tag: 'escalation',
        dedupe_key: `unacknowledged:${alert.id}`,
        alert_id: alert.id,
        bay_ids: [f.bays.get('hall-1')],
        payload: { level: 'critical', value: 95, threshold: '90', path: 'temp', bayName: 'Hall 1' },
      },
    ]);
    const { rows } = await ctx.database.pool.query('select escalated_at from alerts where id = $1', [
      alert.id,
    ]);
    expect(rows[0].escalated_at).toEqual(minutesFrom(alert.updatedAt, 15));
  });

  it('none when it was acknowledged first', async () => {
    const alert = await openAlert(95);
    expect((await admin.post('backend/alerts/acknowledge', { id: alert.id })).statusCode).toBe(200);
    expect(await escalateDue(minutesFrom(alert.updatedAt, 60))).toBe(0);
    expect(await escalations()).toEqual([]);
  });

  it('none for a warning; a warning that turns critical counts from then', async () => {
    const warning = await openAlert(75);
    expect(await escalateDue(minutesFrom(warning.updatedAt, 60))).toBe(0);
    const critical = await openAlert(95);
    expect(critical.id).toBe(warning.id);
    expect(await escalateDue(minutesFrom(critical.updatedAt, 14))).toBe(0);
    expect(await escalateDue(minutesFrom(critical.updatedAt, 16))).toBe(1);
  });

  it('nudges the dispatcher after the commit, only when it recorded something', async () => {
    const alert = await openAlert(95);
    let nudges = 0;
    const worker = createAlertEscalation({
      db: ctx.database.db,
      log: ctx.app.log as Logger,
      minutes: 15,
      onNotificationsRecorded: () => nudges++,
    });
    await worker.escalateDue(minutesFrom(alert.updatedAt, 1));
    expect(nudges).toBe(0);
    await worker.escalateDue(minutesFrom(alert.updatedAt, 20));
    expect(nudges).toBe(1);
  });
});
