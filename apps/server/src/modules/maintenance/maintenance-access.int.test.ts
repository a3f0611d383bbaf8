import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bayStatus } from '../../../test/engine';
import { createTestApp, type TestContext } from '../../../test/helpers';
import {
  type ApiClient,
  createBay,
  createLocation,
  fieldMessages,
  grantAccess,
  unknownId,
} from '../../../test/locations';
import { type MaintenanceSetting, maintenanceSetting } from '../../../test/maintenance';

/** Who may start, read and end maintenance, the history of jobs and the running jobs. */
let ctx: TestContext;
let admin: ApiClient;
let operator: ApiClient;
let outsider: ApiClient;
let viewer: ApiClient;
let locationWithBay: MaintenanceSetting['locationWithBay'];
let startBody: MaintenanceSetting['startBody'];
let running: MaintenanceSetting['running'];

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, operator, outsider, viewer, locationWithBay, startBody, running } =
    await maintenanceSetting(ctx));
});
afterAll(() => ctx?.close());

describe('who may', () => {
  it("an operator of another facility gets 404 for start, read, history and end; 'user' gets 403 on writes", async () => {
    const { bayId, locationId } = await locationWithBay();
    await operator.post('backend/bays/maintenance/start', startBody(bayId));
    for (const [method, path, body] of [
      ['POST', 'backend/bays/maintenance/start', startBody(bayId, { assigneeId: outsider.user.id })],
      ['POST', 'backend/bays/maintenance/get', { bayId }],
      ['PATCH', 'backend/bays/maintenance/update', { bayId, description: 'x' }],
      ['POST', 'backend/bays/maintenance/end', { bayId }],
      ['POST', 'backend/bays/maintenance/history', { bayId }],
      ['POST', 'backend/bays/maintenance/history', { locationId }],
      ['POST', 'backend/bays/maintenance/assignees', { bayId }],
      [
        'POST',
        'backend/bays/maintenance/stats',
        { bayId, from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:00Z' },
      ],
      ['POST', 'backend/bays/maintenance/get', { bayId: unknownId() }],
    ] as const) {
      const res = await outsider.call(method, path, body);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    for (const [method, path, body] of [
      ['POST', 'backend/bays/maintenance/start', startBody(bayId)],
      ['PATCH', 'backend/bays/maintenance/update', { bayId, description: 'x' }],
      ['POST', 'backend/bays/maintenance/end', { bayId }],
      ['POST', 'backend/bays/maintenance/assignees', { bayId }],
    ] as const) {
      const res = await viewer.call(method, path, body);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
    }
    expect(await running(bayId, viewer)).not.toBeNull();
    expect((await viewer.post('backend/bays/maintenance/history', { bayId })).statusCode).toBe(200);
    expect(await bayStatus(ctx, bayId)).toBe('maintenance');
    // Admins need no grant.
    expect((await admin.post('backend/bays/maintenance/end', { bayId })).statusCode).toBe(200);
  });

  it('the assignee picker lists only users with access to the facility, with ids and names only', async () => {
    const { bayId, locationId } = await locationWithBay();
    const res = await operator.post('backend/bays/maintenance/assignees', { locationId });
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.map((p: { id: string }) => p.id);
    expect(ids).toEqual(expect.arrayContaining([operator.user.id, viewer.user.id, admin.user.id]));
    expect(ids).not.toContain(outsider.user.id);
    expect(Object.keys(res.json().data[0]).sort()).toEqual(['id', 'name']);
    const byBay = await operator.post('backend/bays/maintenance/assignees', { bayId });
    expect(byBay.json().data).toEqual(res.json().data);
    const neither = await operator.post('backend/bays/maintenance/assignees', {});
    expect(fieldMessages(neither.json())).toEqual({ bayId: 'Oppgi vaskehall eller anlegg' });
  });
});

describe('history', () => {
  it("lists a bay's and a facility's jobs, newest first, with planned and real duration", async () => {
    const { bayId, locationId } = await locationWithBay();
    const first = (await operator.post('backend/bays/maintenance/start', startBody(bayId))).json().data;
    await operator.post('backend/bays/maintenance/end', { bayId });
    // Back-date the first job, as if it had run for an hour two hours ago.
    await ctx.database.pool.query(
      `update maintenance_jobs set started_at = now() - interval '3 hours', ended_at = now() - interval '2 hours',
         expires_at = now() - interval '1 hour' where id = $1`,
      [first.id],
    );
    const second = (
      await admin.post('backend/bays/maintenance/start', startBody(bayId, { type: 'longtermservice' }))
    ).json().data;

    const res = await viewer.post('backend/bays/maintenance/history', { bayId, perPage: 10 });
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(2);
    expect(res.json().data.map((j: { id: string }) => j.id)).toEqual([second.id, first.id]);
    expect(res.json().data[1]).toMatchObject({
      durationSeconds: 3600,
      plannedSeconds: 7200,
      endedBy: { id: operator.user.id },
      enabledBy: { id: operator.user.id },
      overdue: false,
    });
    expect(res.json().data[0]).toMatchObject({ endedAt: null, enabledBy: { id: admin.user.id } });

    const page = await viewer.post('backend/bays/maintenance/history', { locationId, page: 2, perPage: 1 });
    expect(page.json()).toMatchObject({ count: 2, data: [{ id: first.id }] });
  });
});

describe('running jobs', () => {
  it("lists the running jobs of the caller's facilities only, overdue first, and 'user' may read them", async () => {
    const a = await locationWithBay();
    const late = await createBay(admin, a.locationId, { name: 'Hall 2' });
    const b = { locationId: await createLocation(admin) };
    const bBay = await createBay(admin, b.locationId);
    await grantAccess(ctx, outsider.user.id, b.locationId);
    const onA = (await operator.post('backend/bays/maintenance/start', startBody(a.bayId))).json().data;
    const overdue = (
      await operator.post(
        'backend/bays/maintenance/start',
        startBody(late, { startedAt: new Date(Date.now() - 7200_000).toISOString() }),
      )
    ).json().data;
    await ctx.database.pool.query(
      `update maintenance_jobs set expires_at = now() - interval '1 minute' where id = $1`,
      [overdue.id],
    );
    const onB = (
      await outsider.post('backend/bays/maintenance/start', startBody(bBay, { assigneeId: outsider.user.id }))
    ).json().data;
    // An ended job is no longer running.
    const ended = await createBay(admin, a.locationId, { name: 'Hall 3' });
    await operator.post('backend/bays/maintenance/start', startBody(ended));
    await operator.post('backend/bays/maintenance/end', { bayId: ended });

    const mine = async (who: ApiClient) => {
      const res = await who.post('backend/bays/maintenance/running', { perPage: 100 });
      expect(res.statusCode).toBe(200);
      return res.json() as { data: Array<{ id: string; overdue: boolean; bayName: string }>; count: number };
    };
    const seen = await mine(operator);
    const ids = seen.data.map((job) => job.id);
    expect(ids).toEqual(expect.arrayContaining([onA.id, overdue.id]));
    expect(ids).not.toContain(onB.id);
    expect(ids.indexOf(overdue.id)).toBeLessThan(ids.indexOf(onA.id));
    expect(seen.data.find((job) => job.id === overdue.id)).toMatchObject({ overdue: true });
    expect(seen.count).toBe(seen.data.length);

    const read = await mine(viewer);
    expect(read.data.map((job) => job.id)).toEqual(expect.arrayContaining([onA.id, overdue.id]));
    expect(read.data.map((job) => job.id)).not.toContain(onB.id);
    expect((await mine(outsider)).data.map((job) => job.id)).toContain(onB.id);
    expect((await mine(admin)).data.map((job) => job.id)).toEqual(
      expect.arrayContaining([onA.id, overdue.id, onB.id]),
    );

    const page = await operator.post('backend/bays/maintenance/running', { page: 1, perPage: 1 });
    expect(page.json()).toMatchObject({ count: seen.count, data: [{ id: seen.data[0]?.id }] });
  });
});
