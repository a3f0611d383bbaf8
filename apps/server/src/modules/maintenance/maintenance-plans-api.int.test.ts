import { LOG_TYPES } from '@vaskedrift/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { caller, createBay, fieldMessages } from '../../../test/locations';
import { clearPlans, locationWithPeople, planBody, settableClock } from '../../../test/maintenance-plans';
import { logRows } from '../../../test/people';

/*
 * The plans API on an injected clock (docs/domain.md, Maintenance: planned maintenance). Access tokens
 * are signed on this clock, so each test signs its callers in after setting it.
 */
const clock = settableClock();
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({}, { clock });
});
afterAll(() => ctx.close());
// Each test's own plans only, as in maintenance-plans.int.test.ts.
beforeEach(() => clearPlans(ctx));

const location = () => locationWithPeople(ctx);

describe('the plans API', () => {
  it('gives Norwegian field errors for bad plans', async () => {
    clock.set('2027-08-01T10:00:00Z');
    const { operator, bayId } = await location();
    const create = (overrides: Record<string, unknown>) =>
      operator.post('backend/bays/maintenance/plans/create', planBody(bayId, operator.user.id, overrides));
    const errors = async (overrides: Record<string, unknown>) => {
      const res = await create(overrides);
      expect(res.statusCode).toBe(400);
      return fieldMessages(res.json());
    };

    expect(await errors({})).toEqual({ startsAt: 'Velg når vedlikeholdet starter' });
    const window = { startsAt: '2027-08-02T06:00:00Z', endsAt: '2027-08-02T07:00:00Z' };
    expect(await errors({ ...window, repeat: { kind: 'weeks', every: 1, weekdays: [] } })).toEqual({
      'repeat.weekdays': 'Velg minst én ukedag',
    });
    expect(await errors({ ...window, repeat: { kind: 'days', every: 0 } })).toEqual({
      'repeat.every': 'Oppgi et helt antall dager fra 1 til 365',
    });
    expect(await errors({ ...window, repeat: { kind: 'weeks', every: 53, weekdays: [1] } })).toEqual({
      'repeat.every': 'Oppgi et helt antall uker fra 1 til 52',
    });
    expect(await errors({ ...window, repeat: { kind: 'monthly' } })).toEqual({
      'repeat.kind': 'Velg hvordan vedlikeholdet gjentas',
    });
    expect(await errors({ startsAt: '2027-08-02T06:00:00Z', repeat: { kind: 'days', every: 2 } })).toEqual({
      endsAt: 'Gjentatt vedlikehold må ha forventet slutt',
    });
    expect(
      await errors({
        startsAt: '2027-08-02T06:00:00Z',
        endsAt: '2027-08-03T06:00:00Z',
        repeat: { kind: 'days', every: 1 },
      }),
    ).toEqual({ endsAt: 'Vedlikeholdet må være ferdig før det starter neste gang' });
    expect(await errors({ startsAt: '2027-08-02T06:00:00Z', endsAt: '2027-08-02T05:00:00Z' })).toEqual({
      endsAt: 'Forventet slutt må være etter start',
    });
    expect(await errors({ startsAt: '2027-08-01T09:50:00Z' })).toEqual({
      startsAt: 'Start kan ikke være tilbake i tid',
    });
    // Within the five minutes' grace, but over already.
    expect(await errors({ startsAt: '2027-08-01T09:57:00Z', endsAt: '2027-08-01T09:59:00Z' })).toEqual({
      startsAt: 'Start kan ikke være tilbake i tid',
    });
    expect(await errors({ startsAt: '2027-08-02T06:00:00Z', assigneeId: null })).toEqual({
      assigneeId: 'Du må velge en bruker',
    });
  });

  it('operators with access plan and change; viewers read; others get 403 or 404; the list is the soonest first', async () => {
    clock.set('2027-09-01T10:00:00Z');
    const { admin, operator, viewer, bayId, locationId } = await location();
    const secondBay = await createBay(admin, locationId, { name: 'Hall 2' });
    const outsider = await caller(ctx, 'operator');
    const body = planBody(bayId, operator.user.id, { startsAt: '2027-09-10T06:00:00Z' });

    expect((await viewer.post('backend/bays/maintenance/plans/create', body)).statusCode).toBe(403);
    expect((await outsider.post('backend/bays/maintenance/plans/create', body)).statusCode).toBe(404);
    const later = (await operator.post('backend/bays/maintenance/plans/create', body)).json().data;
    const created = await operator.post(
      'backend/bays/maintenance/plans/create',
      planBody(secondBay, operator.user.id, {
        startsAt: '2027-09-03T04:00:00Z',
        endsAt: '2027-09-03T05:00:00Z',
        repeat: { kind: 'weeks', every: 2, weekdays: [5, 1] },
      }),
    );
    expect(created.json()).toMatchObject({
      message: 'Vedlikehold planlagt',
      data: {
        repeat: { kind: 'weeks', every: 2, weekdays: [1, 5] },
        nextStartAt: '2027-09-03T04:00:00.000Z',
      },
    });
    const sooner = created.json().data;

    const list = await viewer.post('backend/bays/maintenance/plans/get', { filters: { locationId } });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((plan: { id: string }) => plan.id)).toEqual([sooner.id, later.id]);
    expect(list.json().count).toBe(2);
    const ofBay = await viewer.post('backend/bays/maintenance/plans/get', { filters: { bayId } });
    expect(ofBay.json().data.map((plan: { id: string }) => plan.id)).toEqual([later.id]);
    expect((await viewer.post('backend/bays/maintenance/plans/get', { id: later.id })).json().data.id).toBe(
      later.id,
    );
    expect((await outsider.post('backend/bays/maintenance/plans/get', { id: later.id })).statusCode).toBe(
      404,
    );
    expect(
      (await outsider.post('backend/bays/maintenance/plans/get', { filters: { locationId } })).statusCode,
    ).toBe(404);
    expect((await viewer.del('backend/bays/maintenance/plans/delete', { id: later.id })).statusCode).toBe(
      403,
    );

    // Every Monday and Friday, every second week from Friday 3 September: next after a change of time is
    // Friday 3 September 07:00 CEST.
    const updated = await operator.patch('backend/bays/maintenance/plans/update', {
      id: sooner.id,
      startsAt: '2027-09-03T05:00:00Z',
      endsAt: '2027-09-03T06:00:00Z',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ nextStartAt: '2027-09-03T05:00:00.000Z' });
    const tooLong = await operator.patch('backend/bays/maintenance/plans/update', {
      id: sooner.id,
      endsAt: '2027-09-08T05:00:00Z',
    });
    expect(fieldMessages(tooLong.json())).toEqual({
      endsAt: 'Vedlikeholdet må være ferdig før det starter neste gang',
    });
    expect(
      (await outsider.patch('backend/bays/maintenance/plans/update', { id: sooner.id })).statusCode,
    ).toBe(404);

    const deleted = await operator.del('backend/bays/maintenance/plans/delete', { id: later.id });
    expect(deleted.json()).toEqual({ message: 'Planen er slettet' });
    const after = await viewer.post('backend/bays/maintenance/plans/get', { filters: { locationId } });
    expect(after.json().data.map((plan: { id: string }) => plan.id)).toEqual([sooner.id]);
    expect(
      (await logRows(ctx, LOG_TYPES.maintenancePlan.create)).filter(
        (row) => row.extra_data?.locationId === locationId,
      ),
    ).toHaveLength(2);
    const updates = (await logRows(ctx, LOG_TYPES.maintenancePlan.update)).filter(
      (row) => row.resource_id === sooner.id,
    );
    expect(updates.map((row) => [row.user_id, row.extra_data?.fields])).toEqual([
      [operator.user.id, ['endsAt', 'startsAt']],
    ]);
    expect(
      (await logRows(ctx, LOG_TYPES.maintenancePlan.delete)).filter((row) => row.resource_id === later.id),
    ).toHaveLength(1);
  });
});
