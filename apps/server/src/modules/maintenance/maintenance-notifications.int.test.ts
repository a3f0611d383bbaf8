import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, createTestInstance, createUser, type TestContext } from '../../../test/helpers';
import { type ApiClient, caller, createBay, createLocation, grantAccess } from '../../../test/locations';
import { emailsTo, insertRecipient } from '../../../test/notify';
import { logRows } from '../../../test/people';

let ctx: TestContext;
let admin: ApiClient;
let locationId: string;
let assignee: { id: string; email: string };
const MINUTE = 60_000;
let bays = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await caller(ctx, 'admin');
  locationId = await createLocation(admin, { name: 'Vask Bryn' });
  assignee = await createUser(ctx, { role: 'operator', email: 'tekniker@example.no' });
  await grantAccess(ctx, assignee.id, locationId);
});
afterAll(() => ctx.close());
// Each test's own jobs and recipients only: a job left running by another would be reminded too.
beforeEach(() =>
  ctx.database.pool.query(
    'delete from notification_recipients; update maintenance_jobs set ended_at = now() where ended_at is null',
  ),
);

/** Starts a job on a new bay through the API; its id and start time. */
async function start(body: Record<string, unknown> = {}) {
  bays += 1;
  const bayId = await createBay(admin, locationId, { name: `Hall ${bays}` });
  const res = await admin.post('backend/bays/maintenance/start', {
    bayId,
    type: 'service',
    assigneeId: assignee.id,
    reminderHours: 1,
    reminderMinutes: 0,
    description: 'Bytte pumpe',
    ...body,
  });
  expect(res.statusCode).toBe(200);
  const job = res.json().data as { id: string; startedAt: string };
  return { bayId, id: job.id, startedAt: new Date(job.startedAt) };
}

/** The addresses told of a job's events of one type. */
async function told(jobId: string, type: string): Promise<string[][]> {
  const { rows } = await ctx.database.pool.query<{ id: string }>(
    'select id from notification_events where maintenance_id = $1 and type = $2 order by id',
    [jobId, type],
  );
  return Promise.all(rows.map((row) => emailsTo(ctx, Number(row.id))));
}

describe('maintenance notifications', () => {
  it('tells the assignee and `start` recipients of a start with notifyUsers, and `end` recipients of the end', async () => {
    await insertRecipient(ctx, { name: 'Start', email: 'start@example.no' }, { tags: ['start'] });
    await insertRecipient(ctx, { name: 'Slutt', email: 'slutt@example.no' }, { tags: ['end'] });
    await insertRecipient(ctx, { name: 'Påminn', email: 'paminn@example.no' }, { tags: ['reminders'] });
    const job = await start({ notifyUsers: true });
    await admin.post('backend/bays/maintenance/end', { bayId: job.bayId });
    await ctx.app.notifying.dispatcher.dispatchDue();

    expect(await told(job.id, 'maintenance.started')).toEqual([['start@example.no', 'tekniker@example.no']]);
    expect(await told(job.id, 'maintenance.ended')).toEqual([['slutt@example.no']]);
    const { rows } = await ctx.database.pool.query(
      `select subject, text from outbox where "to" = 'tekniker@example.no' and kind = 'notification/maintenance.started'
       and event_id = (select id from notification_events where dedupe_key = $1)`,
      [`maintenance_started:${job.id}`],
    );
    expect(rows[0].subject).toMatch(/^Vedlikehold startet: Vask Bryn – Hall /);
    expect(rows[0].text).toContain('Beskrivelse: Bytte pumpe');
  });

  it('without notifyUsers tells only the assignee, here a custom person, of the start', async () => {
    await insertRecipient(ctx, { name: 'Start', email: 'start@example.no' }, { tags: ['start', 'end'] });
    const job = await start({
      assigneeId: null,
      customAssignee: { name: 'Rørlegger Hansen', email: 'hansen@example.no', phone: '+47 912 34 567' },
    });
    await admin.post('backend/bays/maintenance/end', { bayId: job.bayId });
    await ctx.app.notifying.dispatcher.dispatchDue();
    expect(await told(job.id, 'maintenance.started')).toEqual([['hansen@example.no']]);
    expect(await told(job.id, 'maintenance.ended')).toEqual([[]]);
  });

  it('tells a new assignee that a running job is now theirs, and nobody else; an unchanged one hears nothing', async () => {
    await insertRecipient(ctx, { name: 'Start', email: 'start@example.no' }, { tags: ['start'] });
    const job = await start({ notifyUsers: true });
    const update = (body: Record<string, unknown>) =>
      admin.patch('backend/bays/maintenance/update', { bayId: job.bayId, ...body });
    expect((await update({ assigneeId: assignee.id, description: 'Ny pumpe' })).statusCode).toBe(200);
    const hansen = { name: 'Rørlegger Hansen', email: 'hansen@example.no', phone: '+47 912 34 567' };
    expect((await update({ customAssignee: hansen })).statusCode).toBe(200);
    await ctx.app.notifying.dispatcher.dispatchDue();

    expect(await told(job.id, 'maintenance.assigned')).toEqual([['hansen@example.no']]);
    const { rows } = await ctx.database.pool.query(
      `select subject from outbox where "to" = 'hansen@example.no' and kind = 'notification/maintenance.assigned'`,
    );
    expect(rows[0].subject).toMatch(/^Du er satt som ansvarlig for vedlikehold: Vask Bryn – Hall /);
  });

  it('reminds after the delay and at each further delay, once after downtime, and tells overdue once', async () => {
    await insertRecipient(ctx, { name: 'Påminn', email: 'paminn@example.no' }, { tags: ['reminders'] });
    await insertRecipient(
      ctx,
      { name: 'Sjelden', email: 'sjelden@example.no' },
      { tags: ['reminders'], reminderMinutes: 150 },
    );
    const job = await start({ expiresAt: new Date(Date.now() + 150 * MINUTE).toISOString() });
    const at = (minutes: number) => new Date(job.startedAt.getTime() + minutes * MINUTE);
    const run = async (minutes: number) => {
      const done = await ctx.app.notifying.reminders.runDue(at(minutes));
      await ctx.app.notifying.dispatcher.dispatchDue(at(minutes));
      return done;
    };

    expect(await run(59)).toEqual({ reminders: 0, overdue: 0 });
    expect(await run(60)).toEqual({ reminders: 1, overdue: 0 });
    expect(await run(61)).toEqual({ reminders: 0, overdue: 0 });
    expect(await run(121)).toEqual({ reminders: 1, overdue: 0 });
    expect(await run(155)).toEqual({ reminders: 0, overdue: 1 });
    expect(await run(182)).toEqual({ reminders: 1, overdue: 0 });
    expect(await run(200)).toEqual({ reminders: 0, overdue: 0 });
    // The server was down for hours: one reminder now, the next a full delay later, no burst.
    expect(await run(600)).toEqual({ reminders: 1, overdue: 0 });
    expect(await run(659)).toEqual({ reminders: 0, overdue: 0 });

    const everyone = ['paminn@example.no', 'tekniker@example.no'];
    const withRare = ['paminn@example.no', 'sjelden@example.no', 'tekniker@example.no'];
    // `sjelden` wants one every 150 minutes: at 60, not at 121 or 182 (less than 150 after), again at 600.
    expect(await told(job.id, 'maintenance.reminder')).toEqual([withRare, everyone, everyone, withRare]);
    expect(await told(job.id, 'maintenance.overdue')).toEqual([withRare]);
    const numbers = await ctx.database.pool.query(
      `select payload->>'reminderNumber' as n from notification_events
       where maintenance_id = $1 and type = 'maintenance.reminder' order by id`,
      [job.id],
    );
    expect(numbers.rows.map((row) => row.n)).toEqual(['1', '2', '3', '4']);
    expect(await logRows(ctx, 'bays/maintenance/overdue')).toEqual([
      expect.objectContaining({ resource_id: job.id, user_id: null }),
    ]);
  });

  it('two instances running the reminders at once record each reminder once', async () => {
    const job = await start({ reminderHours: 0, reminderMinutes: 30 });
    const second = await createTestInstance(ctx);
    const now = new Date(job.startedAt.getTime() + 31 * MINUTE);
    const results = await Promise.all([
      ctx.app.notifying.reminders.runDue(now),
      second.app.notifying.reminders.runDue(now),
    ]);
    expect(results.map((r) => r.reminders).sort()).toEqual([0, 1]);
    const { rows } = await ctx.database.pool.query(
      `select dedupe_key from notification_events where maintenance_id = $1 and type = 'maintenance.reminder'`,
      [job.id],
    );
    expect(rows).toEqual([{ dedupe_key: `reminder:${job.id}:1` }]);
  });

  it('a changed delay moves the next reminder to the start plus the new delay', async () => {
    const job = await start();
    const res = await admin.patch('backend/bays/maintenance/update', {
      bayId: job.bayId,
      reminderHours: 0,
      reminderMinutes: 20,
    });
    expect(res.statusCode).toBe(200);
    expect(await ctx.app.notifying.reminders.runDue(new Date(job.startedAt.getTime() + 21 * MINUTE))).toEqual(
      {
        reminders: 1,
        overdue: 0,
      },
    );
  });

  it('reminds of a job started before reminders were scheduled (an upgrade) a delay after its start', async () => {
    const job = await start();
    await ctx.database.pool.query('update maintenance_jobs set next_reminder_at = null where id = $1', [
      job.id,
    ]);
    const late = new Date(job.startedAt.getTime() + 61 * MINUTE);
    expect(await ctx.app.notifying.reminders.runDue(late)).toEqual({ reminders: 1, overdue: 0 });
  });
});
