import { ROLES, type Role } from '@vaskedrift/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext } from '../../../test/helpers';
import { callApi, insertLocation, type SignedIn, signedIn } from '../../../test/people';

/**
 * Every role against every people action: who is let through (2xx) and who is refused (403).
 * Targets are plain users (the lowest level), so only the role rule decides.
 */

let ctx: TestContext;
const as = {} as Record<Role, SignedIn>;
let locationId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  for (const role of ROLES) as[role] = await signedIn(ctx, role);
  locationId = await insertLocation(ctx);
});
afterAll(() => ctx.close());

const ADMINS: Role[] = ['superadmin', 'admin'];
const EVERYONE: Role[] = [...ROLES];

const target = () => createUser(ctx, { role: 'user' });
const group = async () => {
  const res = await callApi(ctx, as.superadmin.token, 'POST', 'backend/groups/create', {
    name: `Gruppe ${Math.random().toString(36).slice(2, 8)}`,
    description: 'Til test',
    config: { color: '#123456' },
  });
  return res.json().data.id as string;
};
const logId = async () => {
  const { rows } = await ctx.database.pool.query(
    `insert into logs (type, resource_type) values ('data/upload', 'test') returning id`,
  );
  return Number(rows[0].id);
};

type Action = {
  name: string;
  allowed: Role[];
  run(actor: SignedIn): Promise<{ statusCode: number }>;
};

const actions: Action[] = [
  {
    name: 'list users',
    allowed: ADMINS,
    run: (a) => callApi(ctx, a.token, 'POST', 'backend/users/get', {}),
  },
  {
    name: 'read another user',
    allowed: ADMINS,
    run: async (a) => callApi(ctx, a.token, 'POST', 'backend/users/get', { id: (await target()).id }),
  },
  {
    name: "read another user's v_users_data row",
    allowed: ADMINS,
    run: async (a) =>
      callApi(ctx, a.token, 'POST', 'backend/users/get', { table: 'v_users_data', id: (await target()).id }),
  },
  {
    name: 'read yourself',
    allowed: EVERYONE,
    run: (a) => callApi(ctx, a.token, 'POST', 'backend/users/get', { id: a.user.id }),
  },
  {
    name: 'read your own v_users_data row',
    allowed: EVERYONE,
    run: (a) => callApi(ctx, a.token, 'POST', 'backend/users/get', { table: 'v_users_data', id: a.user.id }),
  },
  {
    name: 'create a user',
    allowed: ADMINS,
    run: (a) =>
      callApi(ctx, a.token, 'POST', 'backend/users/create', {
        firstName: 'Nyansatt',
        lastName: 'Bruker',
        email: `ny-${Math.random().toString(36).slice(2, 8)}@example.com`,
        password: 'passord-123',
        role: 'user',
        groups: [],
      }),
  },
  {
    name: 'edit another user',
    allowed: ADMINS,
    run: async (a) =>
      callApi(ctx, a.token, 'PATCH', 'backend/users/update', {
        id: (await target()).id,
        firstName: 'Endret',
      }),
  },
  {
    name: 'edit yourself',
    allowed: EVERYONE,
    run: (a) =>
      callApi(ctx, a.token, 'PATCH', 'backend/users/update', { id: a.user.id, lastName: 'Selvsen' }),
  },
  {
    name: 'delete another user',
    allowed: ADMINS,
    run: async (a) => callApi(ctx, a.token, 'DELETE', 'backend/users/delete', { id: (await target()).id }),
  },
  {
    name: 'change your own settings',
    allowed: EVERYONE,
    run: (a) => callApi(ctx, a.token, 'PATCH', 'backend/users/settings/update', { itemsPerPage: 10 }),
  },
  {
    name: "change another user's settings",
    allowed: ADMINS,
    run: async (a) =>
      callApi(ctx, a.token, 'PATCH', 'backend/users/settings/update', {
        id: (await target()).id,
        language: 'en',
      }),
  },
  {
    name: 'change your own config',
    allowed: EVERYONE,
    run: (a) =>
      callApi(ctx, a.token, 'PATCH', 'backend/users/configs/update', { config: { sidebar: 'mini' } }),
  },
  {
    name: "read a user's facility access",
    allowed: ADMINS,
    run: async (a) =>
      callApi(ctx, a.token, 'POST', 'backend/users/access/get', { userId: (await target()).id }),
  },
  {
    name: 'grant facility access',
    allowed: ADMINS,
    run: async (a) =>
      callApi(ctx, a.token, 'POST', 'backend/users/access/create', {
        userId: (await target()).id,
        locationId,
      }),
  },
  {
    name: 'revoke facility access',
    allowed: ADMINS,
    run: async (a) => {
      const user = await target();
      await callApi(ctx, as.superadmin.token, 'POST', 'backend/users/access/create', {
        userId: user.id,
        locationId,
      });
      return callApi(ctx, a.token, 'DELETE', 'backend/users/access/delete', { userId: user.id, locationId });
    },
  },
  {
    name: 'list groups',
    allowed: ADMINS,
    run: (a) => callApi(ctx, a.token, 'POST', 'backend/groups/get', {}),
  },
  {
    name: 'read a group',
    allowed: ADMINS,
    run: async (a) => callApi(ctx, a.token, 'POST', 'backend/groups/get', { id: await group() }),
  },
  {
    name: 'create a group',
    allowed: ADMINS,
    run: (a) =>
      callApi(ctx, a.token, 'POST', 'backend/groups/create', {
        name: `Ny gruppe ${Math.random().toString(36).slice(2, 8)}`,
        description: 'Beskrivelse',
        config: { color: '#50CD89' },
      }),
  },
  {
    name: 'edit a group',
    allowed: ADMINS,
    run: async (a) =>
      callApi(ctx, a.token, 'PATCH', 'backend/groups/update', { id: await group(), description: 'Ny tekst' }),
  },
  {
    name: 'delete a group',
    allowed: ADMINS,
    run: async (a) => callApi(ctx, a.token, 'DELETE', 'backend/groups/delete', { id: await group() }),
  },
  {
    name: 'read the log',
    allowed: ADMINS,
    run: (a) => callApi(ctx, a.token, 'POST', 'backend/logs/get', {}),
  },
  {
    name: 'edit a log entry',
    allowed: ADMINS,
    run: async (a) =>
      callApi(ctx, a.token, 'PATCH', 'backend/logs/update', {
        id: await logId(),
        extraData: { note: 'sett' },
      }),
  },
  {
    name: 'delete a log entry',
    allowed: ADMINS,
    run: async (a) => callApi(ctx, a.token, 'DELETE', 'backend/logs/delete', { id: await logId() }),
  },
  {
    name: 'log your own restored session',
    allowed: EVERYONE,
    run: (a) => callApi(ctx, a.token, 'POST', 'backend/logs/create', { type: 'users/login/auto' }),
  },
];

describe.each(actions)('$name', (action) => {
  it.each(ROLES)('%s', async (role) => {
    const res = await action.run(as[role]);
    if (action.allowed.includes(role)) {
      expect(res.statusCode, `${role} skulle fått lov`).toBe(200);
    } else {
      expect(res.statusCode, `${role} skulle blitt nektet`).toBe(403);
    }
  });
});

describe('a refused role learns nothing from the body', () => {
  it('a non-admin sending an invalid body to an admin route still gets 403, not 400', async () => {
    for (const role of ['operator', 'user'] as const) {
      const res = await callApi(ctx, as[role].token, 'POST', 'backend/users/create', { email: 'x' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'auth/forbidden', message: 'Du har ikke tilgang til dette' });
    }
  });

  it("a non-admin reading someone else gets 'Du kan bare se og endre din egen profil'", async () => {
    const res = await callApi(ctx, as.operator.token, 'POST', 'backend/users/get', { id: as.user.user.id });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Du kan bare se og endre din egen profil');
  });
});
