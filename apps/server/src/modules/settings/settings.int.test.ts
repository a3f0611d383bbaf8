import {
  DEFAULT_ESCALATION_MINUTES,
  DEFAULT_FAILURE_THRESHOLD,
  DEFAULT_PREDICTION_HORIZON_MINUTES,
  LOG_TYPES,
} from '@vaskedrift/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { type ApiClient, caller, fieldMessages } from '../../../test/locations';
import { pushedLocation } from '../../../test/notifications';
import { logRows } from '../../../test/people';
import { createSystemSettings, SETTINGS_CACHE_MS } from './settings.service';

/*
 * System settings through the API (who may read and change them, the limits, the audit row) and what a
 * change does: the escalation delay read by the next round, and a second instance following within the
 * cache time. Tests run in order and build on the saved row.
 */
let ctx: TestContext;
let superadmin: ApiClient;
let admin: ApiClient;
let operator: ApiClient;

beforeAll(async () => {
  ctx = await createTestApp({ CHECK_LOG_RETENTION_DAYS: '21' });
  superadmin = await caller(ctx, 'superadmin');
  admin = await caller(ctx, 'admin');
  operator = await caller(ctx, 'operator');
});
afterAll(async () => {
  await ctx?.close();
});

const read = (client: ApiClient) => client.post('backend/settings/get', {});
const update = (client: ApiClient, body: Record<string, unknown>) =>
  client.patch('backend/settings/update', body);

describe('backend/settings', () => {
  it('answers the configuration as long as nothing is saved', async () => {
    const res = await read(admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      failureThreshold: DEFAULT_FAILURE_THRESHOLD,
      rawRetentionHours: 48,
      minuteRetentionDays: 14,
      hourRetentionDays: 365,
      checkLogRetentionDays: 21,
      escalationMinutes: DEFAULT_ESCALATION_MINUTES,
      predictionHorizonMinutes: DEFAULT_PREDICTION_HORIZON_MINUTES,
      updatedAt: null,
      updatedBy: null,
    });
  });

  it('is read by admins, changed by superadmins only', async () => {
    const refused = await read(operator);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Du har ikke tilgang til dette');
    const byAdmin = await update(admin, { failureThreshold: 5 });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe('Du har ikke tilgang til dette');
    expect((await update(operator, { failureThreshold: 5 })).statusCode).toBe(403);
    expect((await read(admin)).json().data.failureThreshold).toBe(DEFAULT_FAILURE_THRESHOLD);
  });

  it('saves a change, keeps the rest and writes who changed what from what to what', async () => {
    const res = await update(superadmin, { failureThreshold: 5, escalationMinutes: 5 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      failureThreshold: 5,
      escalationMinutes: 5,
      checkLogRetentionDays: 21,
      updatedBy: superadmin.user.id,
    });
    expect((await read(admin)).json().data).toMatchObject({ failureThreshold: 5, escalationMinutes: 5 });
    expect(await logRows(ctx, LOG_TYPES.settings.update)).toEqual([
      {
        type: LOG_TYPES.settings.update,
        resource_type: 'system_settings',
        resource_id: 'system',
        user_id: superadmin.user.id,
        extra_data: {
          changes: {
            failureThreshold: { from: DEFAULT_FAILURE_THRESHOLD, to: 5 },
            escalationMinutes: { from: DEFAULT_ESCALATION_MINUTES, to: 5 },
          },
        },
      },
    ]);
  });

  it('refuses values outside the limits and retentions out of order, in Norwegian', async () => {
    const zero = await update(superadmin, { failureThreshold: 0, escalationMinutes: 1.5 });
    expect(zero.statusCode).toBe(400);
    expect(fieldMessages(zero.json())).toEqual({
      failureThreshold: 'Feilterskelen må være et heltall fra 1 til 100',
      escalationMinutes: 'Eskaleringen må komme etter 1 til 10 080 minutter',
    });
    const order = await update(superadmin, { minuteRetentionDays: 30, hourRetentionDays: 20 });
    expect(order.statusCode).toBe(400);
    expect(fieldMessages(order.json())).toEqual({
      hourRetentionDays: 'Timeverdier må beholdes minst like lenge som minuttverdier',
    });
    // Raw readings kept longer than the minute rollups, measured against the saved value (14 days).
    const raw = await update(superadmin, { rawRetentionHours: 15 * 24 });
    expect(fieldMessages(raw.json())).toEqual({
      minuteRetentionDays: 'Minuttverdier må beholdes minst like lenge som rådata',
    });
    const empty = await update(superadmin, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Ingen innstillinger å endre');
    expect((await read(admin)).json().data.hourRetentionDays).toBe(365);
  });

  it('a second instance follows a change within the cache time', async () => {
    let clock = 0;
    const other = createSystemSettings({
      db: ctx.database.db,
      bus: ctx.app.bus,
      config: {
        checks: { enabled: false, concurrency: 1, logRetentionDays: 30, instanceKey: 'andre' },
        readings: {
          rawRetentionHours: 48,
          minuteRetentionDays: 14,
          hourRetentionDays: 365,
          heartbeatMinutes: 5,
        },
        notifications: { escalationMinutes: 15 },
      },
      now: () => clock,
    });
    expect((await other.current()).failureThreshold).toBe(5);
    expect((await update(superadmin, { failureThreshold: 7 })).statusCode).toBe(200);
    clock = SETTINGS_CACHE_MS - 1;
    expect((await other.current()).failureThreshold).toBe(5);
    clock = SETTINGS_CACHE_MS;
    expect((await other.current()).failureThreshold).toBe(7);
    // The instance that saved reads its own change at once.
    expect((await ctx.app.systemSettings.current()).failureThreshold).toBe(7);
  });

  it('the escalation round uses the saved delay', async () => {
    const f = await pushedLocation(ctx, admin);
    await f.push({ 'hall-1': { temp: 20 } });
    await f.push({ 'hall-1': { temp: 95 } });
    const { rows } = await ctx.database.pool.query(
      'select updated_at from alerts where bay_id = $1 and resolved_at is null',
      [f.bays.get('hall-1')],
    );
    const since = rows[0].updated_at as Date;
    const at = (minutes: number) => new Date(since.getTime() + minutes * 60_000);
    // 5 minutes (saved above), not the configured 15.
    expect(await ctx.app.statusEngine.escalation.escalateDue(at(4.9))).toBe(0);
    expect(await ctx.app.statusEngine.escalation.escalateDue(at(5))).toBe(1);
  });
});
