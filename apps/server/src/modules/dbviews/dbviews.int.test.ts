import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { type ApiClient, caller, unknownId } from '../../../test/locations';

/* `POST dbviews/get`: only whitelisted views, each read with its own module's access rules. */
let ctx: TestContext;
let admin: ApiClient;
let operator: ApiClient;
let other: ApiClient;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await caller(ctx, 'admin');
  operator = await caller(ctx, 'operator');
  other = await caller(ctx, 'user');
});
afterAll(async () => {
  await ctx?.close();
});

describe('POST dbviews/get', () => {
  it('answers a row of v_users_data exactly as backend/users/get does', async () => {
    const res = await operator.post('dbviews/get', { view: 'v_users_data', id: operator.user.id });
    expect(res.statusCode).toBe(200);
    const users = await operator.post('backend/users/get', { table: 'v_users_data', id: operator.user.id });
    expect(res.json()).toEqual(users.json());
    expect(res.json().data).toMatchObject({ profile_id: operator.user.id, profile_role: 'operator' });
    // Admins read anyone's row.
    expect((await admin.post('dbviews/get', { view: 'v_users_data', id: other.user.id })).statusCode).toBe(
      200,
    );
  });

  it("refuses another user's row to a non-admin, and an unknown id with 404", async () => {
    const res = await operator.post('dbviews/get', { view: 'v_users_data', id: other.user.id });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Du kan bare se og endre din egen profil');
    const missing = await admin.post('dbviews/get', { view: 'v_users_data', id: unknownId() });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses any view not on the list, with no SQL from the client', async () => {
    for (const view of ['users', 'pg_user', 'v_users_data; drop table users', 'V_USERS_DATA']) {
      const res = await admin.post('dbviews/get', { view, id: admin.user.id });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain('Ukjent databasevisning');
    }
    const noId = await admin.post('dbviews/get', { view: 'v_users_data' });
    expect(noId.statusCode).toBe(400);
  });
});
