import { LOG_TYPES } from '@vaskedrift/shared';
import { createSimulator, type Simulator } from '@vaskedrift/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bayStatus, runCheck, wireLocation } from '../../../test/engine';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { type ApiClient, fieldMessages, grantAccess } from '../../../test/locations';
import { type MaintenanceSetting, maintenanceSetting } from '../../../test/maintenance';
import { logRows } from '../../../test/people';
import type { DomainEvents } from '../../events/domain-events';

/*
 * One app for the file; every test makes its own facility and bays, so any one of them runs alone. The
 * precedence tests wire a facility to the simulator and drive its checks by hand. Who may, history and
 * running jobs are in maintenance-access.int.test.ts.
 */
let sim: Simulator;
let ctx: TestContext;
let admin: ApiClient;
let operator: ApiClient;
let outsider: ApiClient;
let viewer: ApiClient;
let locationWithBay: MaintenanceSetting['locationWithBay'];
let startBody: MaintenanceSetting['startBody'];
let running: MaintenanceSetting['running'];
const published: Array<{ event: string; payload: Record<string, unknown> }> = [];

beforeAll(async () => {
  sim = await createSimulator({ locationCount: 1, baysPerLocation: 1, drift: false });
  ctx = await createTestApp({ ALLOW_LOOPBACK_TARGETS: 'true' });
  ({ admin, operator, outsider, viewer, locationWithBay, startBody, running } =
    await maintenanceSetting(ctx));
  for (const event of ['maintenance.started', 'maintenance.changed', 'maintenance.ended'] as const) {
    ctx.app.bus.on(event, (payload: DomainEvents[typeof event]) => {
      published.push({ event, payload: payload as unknown as Record<string, unknown> });
    });
  }
});
afterAll(async () => {
  await ctx?.close();
  await sim?.close();
});

describe('starting maintenance', () => {
  it('starts a job, sets the bay to maintenance at once and logs and publishes it after the commit', async () => {
    const { locationId, bayId } = await locationWithBay();
    const startedAt = new Date(Date.now() - 60_000).toISOString();
    const expiresAt = new Date(Date.parse(startedAt) + 2 * 3600_000).toISOString();
    const res = await operator.post(
      'backend/bays/maintenance/start',
      startBody(bayId, { startedAt, expiresAt }),
    );
    expect(res.statusCode).toBe(200);
    const job = res.json().data;
    expect(res.json().message).toBe('Vedlikehold startet');
    expect(job).toMatchObject({
      bayId,
      locationId,
      type: 'service',
      assignee: { id: operator.user.id },
      customAssignee: null,
      description: 'Bytter børster',
      notifyUsers: false,
      reminderHours: 1,
      reminderMinutes: 30,
      endedAt: null,
      enabledBy: { id: operator.user.id },
      endedBy: null,
      plannedSeconds: 7200,
      overdue: false,
    });
    expect(Date.parse(job.expiresAt)).toBe(Date.parse(expiresAt));
    expect(job.durationSeconds).toBeGreaterThanOrEqual(60);
    expect(await bayStatus(ctx, bayId)).toBe('maintenance');
    const { rows } = await ctx.database.pool.query(
      'select status, cause, changed_by from bay_status_periods where bay_id = $1 and ended_at is null',
      [bayId],
    );
    expect(rows).toEqual([{ status: 'maintenance', cause: 'maintenance', changed_by: operator.user.id }]);
    expect(await running(bayId, viewer)).toMatchObject({ id: job.id });
    const logged = (await logRows(ctx, LOG_TYPES.maintenance.start)).filter((r) => r.resource_id === job.id);
    expect(logged).toEqual([
      expect.objectContaining({ user_id: operator.user.id, resource_type: 'maintenance_jobs' }),
    ]);
    expect(
      published.find((p) => p.event === 'maintenance.started' && p.payload.maintenanceId === job.id),
    ).toBeTruthy();
  });

  it('takes a custom person instead of a user', async () => {
    const { bayId } = await locationWithBay();
    const customAssignee = { name: 'Kari Nordmann', email: 'kari@example.com', phone: '+47 912 34 567' };
    const res = await operator.post(
      'backend/bays/maintenance/start',
      startBody(bayId, { assigneeId: null, customAssignee, type: 'longtermservice' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ assignee: null, customAssignee, type: 'longtermservice' });
  });

  it('answers every validation message in Norwegian', async () => {
    const { bayId } = await locationWithBay();
    const start = (body: Record<string, unknown>) => operator.post('backend/bays/maintenance/start', body);
    let res = await start(startBody(bayId, { assigneeId: undefined }));
    expect(res.statusCode).toBe(400);
    expect(fieldMessages(res.json())).toMatchObject({ assigneeId: 'Du må velge en bruker' });

    res = await start(
      startBody(bayId, { assigneeId: undefined, customAssignee: { name: 'Al', email: 'nei', phone: '' } }),
    );
    expect(fieldMessages(res.json())).toMatchObject({
      'customAssignee.name': 'Navnet må være lenger enn 2 bokstaver',
      'customAssignee.email': 'Ugyldig e-postadresse',
      'customAssignee.phone': 'Telefonnummer er påkrevd',
    });
    res = await start(
      startBody(bayId, {
        assigneeId: undefined,
        customAssignee: { name: 'Kari Nordmann', email: 'kari@example.com', phone: '12' },
      }),
    );
    expect(fieldMessages(res.json())).toMatchObject({ 'customAssignee.phone': 'Ugyldig telefonnummer' });

    res = await start(startBody(bayId, { reminderHours: undefined, reminderMinutes: undefined }));
    expect(fieldMessages(res.json())).toMatchObject({ reminderHours: 'Påminnelse må settes' });
    res = await start(startBody(bayId, { reminderHours: 0, reminderMinutes: 0 }));
    expect(fieldMessages(res.json())).toMatchObject({ reminderHours: 'Påminnelse må settes' });

    res = await start(startBody(bayId, { type: 'annet' }));
    expect(fieldMessages(res.json())).toMatchObject({ type: 'Velg type vedlikehold' });

    res = await start(startBody(bayId, { expiresAt: new Date(Date.now() - 60_000).toISOString() }));
    expect(res.statusCode).toBe(400);
    expect(fieldMessages(res.json())).toEqual({ expiresAt: 'Forventet slutt må være etter start' });

    // The assignee must see the facility: an operator of another facility is refused.
    res = await start(startBody(bayId, { assigneeId: outsider.user.id }));
    expect(res.statusCode).toBe(400);
    expect(fieldMessages(res.json())).toEqual({ assigneeId: 'Brukeren har ikke tilgang til anlegget' });

    expect(await bayStatus(ctx, bayId)).toBe('operational');
    expect(await running(bayId)).toBeNull();
  });

  it('lets exactly one of several concurrent starts win, the others get a Norwegian 409', async () => {
    const { bayId } = await locationWithBay();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => operator.post('backend/bays/maintenance/start', startBody(bayId))),
    );
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409]);
    const refused = answers.find((res) => res.statusCode === 409);
    expect(refused?.json().message).toBe('Vaskehallen er allerede i vedlikehold');
    const { rows } = await ctx.database.pool.query(
      'select count(*)::int as n from maintenance_jobs where bay_id = $1',
      [bayId],
    );
    expect(rows[0].n).toBe(1);
  });
});

describe('changing and ending maintenance', () => {
  it('changes only the fields sent, logs the field names and keeps the bay in maintenance', async () => {
    const { bayId } = await locationWithBay();
    await operator.post('backend/bays/maintenance/start', startBody(bayId));
    const customAssignee = { name: 'Ola Hansen', email: 'ola@example.com', phone: '22 33 44 55' };
    const res = await operator.patch('backend/bays/maintenance/update', {
      bayId,
      customAssignee,
      description: 'Ny pumpe',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Vedlikeholdet er oppdatert',
      data: { assignee: null, customAssignee, description: 'Ny pumpe', reminderHours: 1, type: 'service' },
    });
    const jobId = res.json().data.id;
    const logged = (await logRows(ctx, LOG_TYPES.maintenance.update)).filter((r) => r.resource_id === jobId);
    expect(logged[0]?.extra_data).toMatchObject({ fields: ['assigneeId', 'customAssignee', 'description'] });
    expect(await bayStatus(ctx, bayId)).toBe('maintenance');
  });

  it('answers the update messages in Norwegian', async () => {
    const { bayId } = await locationWithBay();
    await operator.post('backend/bays/maintenance/start', startBody(bayId));
    const update = (body: Record<string, unknown>) =>
      operator.patch('backend/bays/maintenance/update', { bayId, ...body });
    let res = await update({ reminderHours: 0, reminderMinutes: 0 });
    expect(fieldMessages(res.json())).toEqual({ reminderHours: 'Påminnelse må settes' });
    res = await update({ reminderHours: 2 });
    expect(fieldMessages(res.json())).toEqual({ reminderHours: 'Påminnelse må settes' });
    res = await update({ assigneeId: null });
    expect(fieldMessages(res.json())).toEqual({ assigneeId: 'Du må velge en bruker' });
    res = await update({ assigneeId: outsider.user.id });
    expect(fieldMessages(res.json())).toEqual({ assigneeId: 'Brukeren har ikke tilgang til anlegget' });
  });

  it('ends the job: a bay without attributes returns to its status before, the job keeps who and how long', async () => {
    const { bayId } = await locationWithBay('inactive');
    await operator.post('backend/bays/maintenance/start', startBody(bayId));
    const res = await operator.post('backend/bays/maintenance/end', { bayId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Vedlikehold avsluttet',
      data: { endedBy: { id: operator.user.id }, enabledBy: { id: operator.user.id } },
    });
    expect(res.json().data.endedAt).not.toBeNull();
    expect(await bayStatus(ctx, bayId)).toBe('inactive');
    expect(await running(bayId)).toBeNull();
    const jobId = res.json().data.id;
    expect(
      (await logRows(ctx, LOG_TYPES.maintenance.end)).filter((r) => r.resource_id === jobId),
    ).toHaveLength(1);

    const again = await operator.post('backend/bays/maintenance/end', { bayId });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Vaskehallen er ikke i vedlikehold');
    const update = await operator.patch('backend/bays/maintenance/update', { bayId, description: 'Sent' });
    expect(update.statusCode).toBe(409);
  });
  it('keeps the status out of hand while the job runs, even on a bay without attributes', async () => {
    const { bayId } = await locationWithBay();
    await operator.post('backend/bays/maintenance/start', startBody(bayId));
    const res = await admin.patch('backend/bays/update', { id: bayId, status: 'operational' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Vaskehallen er i vedlikehold: avslutt vedlikeholdet for å endre statusen',
    );
    expect(await bayStatus(ctx, bayId)).toBe('maintenance');
  });
});

describe('status precedence with attributes', () => {
  async function wiredBay() {
    const location = sim.locations[0];
    if (!location) throw new Error('ingen anlegg');
    sim.control.reset();
    const w = await wireLocation(admin, sim, location, { paths: ['temperature'] });
    await grantAccess(ctx, operator.user.id, w.locationId);
    await runCheck(ctx, w.apiId);
    return { apiId: w.apiId, bayId: w.bays.get('hall-1') as string, simLocationId: location.id };
  }

  it('a critical attribute during maintenance keeps the bay in maintenance; ending turns it red at once', async () => {
    const { apiId, bayId, simLocationId } = await wiredBay();
    expect(await bayStatus(ctx, bayId)).toBe('operational');
    await operator.post('backend/bays/maintenance/start', startBody(bayId));
    sim.control.setValues(simLocationId, 'hall-1', { temperature: 95 });
    await runCheck(ctx, apiId);
    expect(await bayStatus(ctx, bayId)).toBe('maintenance');
    // The alert is still recorded, marked as opened during maintenance.
    const alerts = (await operator.post('backend/alerts/get', { filters: { bayId, state: 'open' } })).json();
    expect(alerts.data).toEqual([expect.objectContaining({ level: 'critical', inMaintenance: true })]);

    const res = await operator.post('backend/bays/maintenance/end', { bayId });
    expect(res.statusCode).toBe(200);
    expect(await bayStatus(ctx, bayId)).toBe('error');
  });

  it('ending on a healthy bay makes it operational without a check', async () => {
    const { bayId } = await wiredBay();
    await operator.post('backend/bays/maintenance/start', startBody(bayId));
    expect(await bayStatus(ctx, bayId)).toBe('maintenance');
    await operator.post('backend/bays/maintenance/end', { bayId });
    expect(await bayStatus(ctx, bayId)).toBe('operational');
  });
});
