import { LOG_TYPES } from '@vaskedrift/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bayStatus } from '../../../test/engine';
import { createTestApp, createTestInstance, type TestContext } from '../../../test/helpers';
import { caller } from '../../../test/locations';
import { clearPlans, locationWithPeople, planBody, settableClock } from '../../../test/maintenance-plans';
import { logRows } from '../../../test/people';
import type { DomainEvents } from '../../events/domain-events';

/*
 * Planned maintenance on an injected clock (docs/domain.md, Maintenance: planned maintenance). The clock
 * stands still where a test puts it; the plan runner's pass (`runDue`, what its loop runs every 10 s) is
 * run by hand at each moment that matters. Europe/Oslo in 2027: summer time from 01:00 UTC on Sunday
 * 28 March, winter time from 01:00 UTC on Sunday 31 October. Access tokens are signed on this clock, so
 * each test signs its callers in after setting it.
 */
const clock = settableClock();
let ctx: TestContext;
const published: Array<{ event: string; payload: Record<string, unknown> }> = [];

beforeAll(async () => {
  ctx = await createTestApp({}, { clock });
  for (const event of ['maintenance.started', 'maintenance.ended', 'maintenance_plan.skipped'] as const) {
    ctx.app.bus.on(event, (payload: DomainEvents[typeof event]) => {
      published.push({ event, payload: payload as unknown as Record<string, unknown> });
    });
  }
});
afterAll(() => ctx.close());
// Each test's own plans only: a plan left by another would come due when this one moves the clock.
beforeEach(async () => {
  await clearPlans(ctx);
  published.length = 0;
});

const location = () => locationWithPeople(ctx);

/** Sets the clock and runs one pass of the plan runner, as its loop would at that moment. */
async function at(iso: string) {
  clock.set(iso);
  const done = await ctx.app.statusEngine.planRunner.runDue();
  await ctx.app.bus.drain();
  return done;
}
const nothing = { ended: 0, started: 0, skipped: 0 };

async function jobsOf(planId: string) {
  const { rows } = await ctx.database.pool.query(
    `select id, started_at, expires_at, ended_at, ended_by, enabled_by, planned_start_at, ends_automatically
     from maintenance_jobs where plan_id = $1 order by planned_start_at`,
    [planId],
  );
  return rows as Array<{
    id: string;
    started_at: Date;
    expires_at: Date | null;
    ended_at: Date | null;
    ended_by: string | null;
    enabled_by: string | null;
    planned_start_at: Date;
    ends_automatically: boolean;
  }>;
}

async function planRow(planId: string) {
  const { rows } = await ctx.database.pool.query(
    'select next_start_at, next_end_at, last_start_at from maintenance_plans where id = $1',
    [planId],
  );
  return rows[0] as { next_start_at: Date | null; next_end_at: Date | null; last_start_at: Date | null };
}

describe('a recurring plan across daylight saving', () => {
  it('every day 06:00–08:00 Oslo time: enters and leaves on time before and after the spring change, with reminders', async () => {
    clock.set('2027-03-26T12:00:00Z');
    const { admin, operator, bayId, locationId } = await location();
    const res = await operator.post(
      'backend/bays/maintenance/plans/create',
      planBody(bayId, operator.user.id, {
        startsAt: '2027-03-27T05:00:00Z', // Saturday 06:00 CET
        endsAt: '2027-03-27T07:00:00Z', // 08:00 CET
        repeat: { kind: 'days', every: 1 },
      }),
    );
    expect(res.statusCode).toBe(200);
    const plan = res.json().data;
    expect(plan).toMatchObject({
      bayId,
      locationId,
      repeat: { kind: 'days', every: 1 },
      nextStartAt: '2027-03-27T05:00:00.000Z',
      nextEndAt: '2027-03-27T07:00:00.000Z',
      createdBy: { id: operator.user.id },
    });

    // Saturday, winter time.
    expect(await at('2027-03-27T04:59:59Z')).toEqual(nothing);
    expect(await bayStatus(ctx, bayId)).toBe('operational');
    expect(await at('2027-03-27T05:00:00Z')).toEqual({ ...nothing, started: 1 });
    expect(await bayStatus(ctx, bayId)).toBe('maintenance');
    const [first] = await jobsOf(plan.id);
    expect(first).toMatchObject({
      started_at: new Date('2027-03-27T05:00:00Z'),
      planned_start_at: new Date('2027-03-27T05:00:00Z'),
      expires_at: new Date('2027-03-27T07:00:00Z'),
      ended_at: null,
      enabled_by: operator.user.id,
      ends_automatically: true,
    });
    // The next occurrence is Sunday 06:00 summer time: 04:00 UTC, not 05:00.
    expect(await planRow(plan.id)).toMatchObject({
      next_start_at: new Date('2027-03-28T04:00:00Z'),
      next_end_at: new Date('2027-03-28T06:00:00Z'),
      last_start_at: new Date('2027-03-27T05:00:00Z'),
    });
    // The usual reminders: one after the hour's delay; no overdue notice for a job that ends itself.
    expect(await ctx.app.notifying.reminders.runDue(new Date('2027-03-27T06:00:00Z'))).toEqual({
      reminders: 1,
      overdue: 0,
    });
    expect(await at('2027-03-27T06:59:59Z')).toEqual(nothing);
    expect(await at('2027-03-27T07:00:00Z')).toEqual({ ...nothing, ended: 1 });
    expect(await bayStatus(ctx, bayId)).toBe('operational');
    expect(await ctx.app.notifying.reminders.runDue(new Date('2027-03-27T07:30:00Z'))).toEqual({
      reminders: 0,
      overdue: 0,
    });

    // Sunday: the clocks went forward at 01:00 UTC; 06:00 on the Oslo clock is 04:00 UTC.
    expect(await at('2027-03-28T03:59:59Z')).toEqual(nothing);
    expect(await bayStatus(ctx, bayId)).toBe('operational');
    expect(await at('2027-03-28T04:00:00Z')).toEqual({ ...nothing, started: 1 });
    expect(await bayStatus(ctx, bayId)).toBe('maintenance');
    expect(await at('2027-03-28T05:59:59Z')).toEqual(nothing);
    expect(await at('2027-03-28T06:00:00Z')).toEqual({ ...nothing, ended: 1 });
    expect(await bayStatus(ctx, bayId)).toBe('operational');

    const jobs = await jobsOf(plan.id);
    expect(
      jobs.map((job) => [job.started_at.toISOString(), job.ended_at?.toISOString(), job.ended_by]),
    ).toEqual([
      ['2027-03-27T05:00:00.000Z', '2027-03-27T07:00:00.000Z', null],
      ['2027-03-28T04:00:00.000Z', '2027-03-28T06:00:00.000Z', null],
    ]);
    // The same events as a start and end by hand, by nobody, naming the plan.
    expect(published.map((e) => [e.event, e.payload.userId, e.payload.planId])).toEqual([
      ['maintenance.started', null, plan.id],
      ['maintenance.ended', null, plan.id],
      ['maintenance.started', null, plan.id],
      ['maintenance.ended', null, plan.id],
    ]);
    const started = (await logRows(ctx, LOG_TYPES.maintenance.start)).filter(
      (row) => row.extra_data?.planId === plan.id,
    );
    expect(started).toHaveLength(2);
    expect(started[0]).toMatchObject({ user_id: null, resource_id: jobs[0]?.id });
    // The assignee is told of each start, as for a job started by hand.
    const { rows } = await ctx.database.pool.query(
      `select count(*)::int as n from notification_events where type = 'maintenance.started'
       and maintenance_id = any($1::uuid[])`,
      [jobs.map((job) => job.id)],
    );
    expect(rows[0].n).toBe(2);
    expect(admin).toBeDefined();
  });

  it('every Sunday 01:00–05:00: on the night the clocks go back it leaves at 05:00 winter time, five hours on', async () => {
    clock.set('2027-10-20T12:00:00Z');
    const { operator, bayId } = await location();
    const res = await operator.post(
      'backend/bays/maintenance/plans/create',
      planBody(bayId, operator.user.id, {
        startsAt: '2027-10-23T23:00:00Z', // Sunday 24 October 01:00 CEST
        endsAt: '2027-10-24T03:00:00Z', // 05:00 CEST
        repeat: { kind: 'weeks', every: 1, weekdays: [7] },
      }),
    );
    expect(res.statusCode).toBe(200);
    const planId = res.json().data.id;

    expect(await at('2027-10-23T23:00:00Z')).toEqual({ ...nothing, started: 1 });
    expect(await at('2027-10-24T03:00:00Z')).toEqual({ ...nothing, ended: 1 });

    // Sunday 31 October: 01:00 CEST is 23:00 UTC the evening before; 05:00 CET is 04:00 UTC.
    expect(await at('2027-10-30T22:59:59Z')).toEqual(nothing);
    expect(await at('2027-10-30T23:00:00Z')).toEqual({ ...nothing, started: 1 });
    // Four hours after the start the Oslo clock shows only 04:00 (CET): still in maintenance.
    expect(await at('2027-10-31T03:00:00Z')).toEqual(nothing);
    expect(await bayStatus(ctx, bayId)).toBe('maintenance');
    expect(await at('2027-10-31T03:59:59Z')).toEqual(nothing);
    expect(await at('2027-10-31T04:00:00Z')).toEqual({ ...nothing, ended: 1 });
    expect(await bayStatus(ctx, bayId)).toBe('operational');
    // And the next is 01:00 CET on 7 November: midnight UTC.
    expect(await planRow(planId)).toMatchObject({
      next_start_at: new Date('2027-11-07T00:00:00Z'),
      next_end_at: new Date('2027-11-07T04:00:00Z'),
    });
  });
});

describe('once across instances', () => {
  it('two instances running their passes together start and end each occurrence once', async () => {
    clock.set('2027-05-03T08:00:00Z');
    const { operator, bayId } = await location();
    const other = await createTestInstance(ctx, {}, { clock });
    const res = await operator.post(
      'backend/bays/maintenance/plans/create',
      planBody(bayId, operator.user.id, {
        startsAt: '2027-05-04T04:00:00Z',
        endsAt: '2027-05-04T06:00:00Z',
        repeat: { kind: 'days', every: 1 },
      }),
    );
    const planId = res.json().data.id;
    const both = async (iso: string) => {
      clock.set(iso);
      const runs = await Promise.all([
        ctx.app.statusEngine.planRunner.runDue(),
        other.app.statusEngine.planRunner.runDue(),
        ctx.app.statusEngine.planRunner.runDue(),
        other.app.statusEngine.planRunner.runDue(),
      ]);
      return runs.reduce((sum, run) => ({
        ended: sum.ended + run.ended,
        started: sum.started + run.started,
        skipped: sum.skipped + run.skipped,
      }));
    };

    expect(await both('2027-05-04T04:00:00Z')).toEqual({ ...nothing, started: 1 });
    expect(await both('2027-05-04T06:00:00Z')).toEqual({ ...nothing, ended: 1 });
    expect(await both('2027-05-05T04:00:10Z')).toEqual({ ...nothing, started: 1 });
    const jobs = await jobsOf(planId);
    expect(jobs.map((job) => job.planned_start_at.toISOString())).toEqual([
      '2027-05-04T04:00:00.000Z',
      '2027-05-05T04:00:00.000Z',
    ]);
    const { rows } = await ctx.database.pool.query(
      `select count(*)::int as n from notification_events where type = 'maintenance.started'
       and maintenance_id = any($1::uuid[])`,
      [jobs.map((job) => job.id)],
    );
    expect(rows[0].n).toBe(2);
    expect(await bayStatus(ctx, bayId)).toBe('maintenance');
  });
});

describe('occurrences that start nothing, and changes while a job runs', () => {
  it('skips an occurrence while the bay is in maintenance by hand, and one whose window passed unseen', async () => {
    clock.set('2027-06-01T08:00:00Z');
    const { operator, bayId, locationId } = await location();
    const planId = (
      await operator.post(
        'backend/bays/maintenance/plans/create',
        planBody(bayId, operator.user.id, {
          startsAt: '2027-06-02T04:00:00Z',
          endsAt: '2027-06-02T05:00:00Z',
          repeat: { kind: 'days', every: 1 },
        }),
      )
    ).json().data.id;
    clock.set('2027-06-02T03:00:00Z');
    const now = await caller(ctx, 'admin');
    const byHand = await now.post('backend/bays/maintenance/start', planBody(bayId, operator.user.id));
    expect(byHand.statusCode).toBe(200);

    expect(await at('2027-06-02T04:00:00Z')).toEqual({ ...nothing, skipped: 1 });
    expect(await jobsOf(planId)).toEqual([]);
    expect(await planRow(planId)).toMatchObject({ next_start_at: new Date('2027-06-03T04:00:00Z') });
    // Nobody ran a pass from before 3 June's window until after it: skipped as missed, 4 June is next.
    expect(await at('2027-06-03T05:30:00Z')).toEqual({ ...nothing, skipped: 1 });
    expect(await planRow(planId)).toMatchObject({ next_start_at: new Date('2027-06-04T04:00:00Z') });
    const skipped = published.filter((e) => e.event === 'maintenance_plan.skipped');
    expect(skipped.map((e) => [e.event, e.payload.reason])).toEqual([
      ['maintenance_plan.skipped', 'running'],
      ['maintenance_plan.skipped', 'missed'],
    ]);
    const skips = (await logRows(ctx, LOG_TYPES.maintenancePlan.skip)).filter(
      (row) => row.resource_id === planId,
    );
    expect(skips.map((row) => [row.user_id, row.extra_data?.reason, row.extra_data?.locationId])).toEqual([
      [null, 'running', locationId],
      [null, 'missed', locationId],
    ]);
  });

  it("a later expected end set with 'Endre' holds the job on; a deleted plan's job still ends at its end", async () => {
    clock.set('2027-07-01T08:00:00Z');
    const { operator, bayId } = await location();
    const planId = (
      await operator.post(
        'backend/bays/maintenance/plans/create',
        planBody(bayId, operator.user.id, {
          startsAt: '2027-07-02T06:00:00Z',
          endsAt: '2027-07-02T07:00:00Z',
          repeat: { kind: 'weeks', every: 1, weekdays: [5] },
        }),
      )
    ).json().data.id;
    expect(await at('2027-07-02T06:00:00Z')).toEqual({ ...nothing, started: 1 });
    const technician = await caller(ctx, 'admin');
    const changed = await technician.patch('backend/bays/maintenance/update', {
      bayId,
      expiresAt: '2027-07-02T07:30:00Z',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ planId, endsAutomatically: true });
    expect((await technician.del('backend/bays/maintenance/plans/delete', { id: planId })).statusCode).toBe(
      200,
    );

    expect(await at('2027-07-02T07:00:00Z')).toEqual(nothing);
    expect(await bayStatus(ctx, bayId)).toBe('maintenance');
    expect(await at('2027-07-02T07:30:00Z')).toEqual({ ...nothing, ended: 1 });
    expect(await bayStatus(ctx, bayId)).toBe('operational');
    // Deleted: nothing more starts.
    expect(await at('2027-07-09T06:00:00Z')).toEqual(nothing);
  });
});
