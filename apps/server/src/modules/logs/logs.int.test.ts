import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext } from '../../../test/helpers';
import { callApi, logRows, type SignedIn, signedIn } from '../../../test/people';

let ctx: TestContext;
let admin: SignedIn;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedIn(ctx, 'admin');
});
afterAll(() => ctx.close());

const getLogs = (body: Record<string, unknown>) =>
  callApi(ctx, admin.token, 'POST', 'backend/logs/get', body);

describe('backend/logs/get', () => {
  it('lists the newest first with who did it, paginated with the total', async () => {
    const target = await createUser(ctx);
    for (const firstName of ['Første', 'Andre', 'Tredje']) {
      await callApi(ctx, admin.token, 'PATCH', 'backend/users/update', { id: target.id, firstName });
    }
    await ctx.app.bus.drain();
    const res = await getLogs({ filters: { type: 'users/update', resourceId: target.id }, perPage: 2 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(3);
    expect(body.data).toHaveLength(2);
    expect(body.data[0]).toMatchObject({
      type: 'users/update',
      resourceType: 'users',
      resourceId: target.id,
      userId: admin.user.id,
      user: { id: admin.user.id, email: admin.user.email },
    });
    expect(body.data[0].id).toBeGreaterThan(body.data[1].id);
    const page2 = await getLogs({
      filters: { type: 'users/update', resourceId: target.id },
      perPage: 2,
      page: 2,
    });
    expect(page2.json().data).toHaveLength(1);
  });

  it('filters by user and resource type, and answers one entry by id', async () => {
    const res = await getLogs({ filters: { userId: admin.user.id, resourceType: 'users' }, perPage: 100 });
    const entries = res.json().data as Array<{ id: number; userId: string; resourceType: string }>;
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.userId === admin.user.id && e.resourceType === 'users')).toBe(true);
    const first = entries[0];
    const one = await getLogs({ id: first?.id });
    expect(one.json().data.id).toBe(first?.id);
    expect((await getLogs({ id: 999_999_999 })).statusCode).toBe(404);
    expect((await getLogs({ id: 'abc' })).statusCode).toBe(400);
  });
});

describe('backend/logs/update and delete', () => {
  it('changes extraData of an entry, and logs who did it', async () => {
    const { rows } = await ctx.database.pool.query(
      `insert into logs (type, resource_type, extra_data) values ('data/upload', 'test', '{"a":1}') returning id`,
    );
    const id = Number(rows[0].id);
    const res = await callApi(ctx, admin.token, 'PATCH', 'backend/logs/update', {
      id,
      extraData: { note: 'Sjekket av driftsleder' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id,
      type: 'data/upload',
      extraData: { note: 'Sjekket av driftsleder' },
    });
    const [entry] = await logRows(ctx, 'logs/update');
    expect(entry).toMatchObject({ resource_id: String(id), user_id: admin.user.id });
  });

  it('deletes an entry, leaving a logs/delete entry naming who did it', async () => {
    const { rows } = await ctx.database.pool.query(
      `insert into logs (type, resource_type) values ('data/delete', 'test') returning id`,
    );
    const id = Number(rows[0].id);
    const res = await callApi(ctx, admin.token, 'DELETE', 'backend/logs/delete', { id });
    expect(res.statusCode).toBe(200);
    expect((await getLogs({ id })).statusCode).toBe(404);
    const [entry] = await logRows(ctx, 'logs/delete');
    expect(entry).toMatchObject({
      resource_id: String(id),
      user_id: admin.user.id,
      extra_data: { type: 'data/delete' },
    });
    expect((await callApi(ctx, admin.token, 'DELETE', 'backend/logs/delete', { id })).statusCode).toBe(404);
  });
});
