import type { Role } from '@vaskedrift/shared';
import type { LightMyRequestResponse } from 'fastify';
import type { UserRow } from '../src/db/schema';
import { createUser, type SessionBody, signIn, type TestContext } from './helpers';

/** A signed-in user of a role, with the token to call the API as them. */
export type SignedIn = { user: UserRow; token: string; session: SessionBody };

export async function signedIn(
  ctx: TestContext,
  role: Role,
  input: Partial<{ email: string; firstName: string; lastName: string }> = {},
): Promise<SignedIn> {
  const user = await createUser(ctx, { role, ...input });
  const session = await signIn(ctx, user.email);
  return { user, token: session.access_token, session };
}

type Method = 'POST' | 'PATCH' | 'DELETE' | 'GET' | 'PUT';

/** Calls `/api/v1/<path>` with the bearer token and a JSON body. */
export function callApi(
  ctx: TestContext,
  token: string,
  method: Method,
  path: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method,
    url: `/api/v1/${path}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** The audit log rows of a type, oldest first, as the database holds them. */
export async function logRows(ctx: TestContext, type: string) {
  await ctx.app.bus.drain();
  const { rows } = await ctx.database.pool.query(
    'select type, resource_type, resource_id, user_id, extra_data from logs where type = $1 order by id',
    [type],
  );
  return rows as Array<{
    type: string;
    resource_type: string | null;
    resource_id: string | null;
    user_id: string | null;
    extra_data: Record<string, unknown> | null;
  }>;
}

/** A live facility straight in the database (the facilities API belongs to another module). */
export async function insertLocation(
  ctx: TestContext,
  name = 'Vask Sentrum',
  deleted = false,
): Promise<string> {
  const { rows } = await ctx.database.pool.query(
    `insert into locations (name, address, postal_code, city, deleted_at)
     values ($1, 'Storgata 1', '0155', 'Oslo', ${deleted ? 'now()' : 'null'}) returning id`,
    [name],
  );
  return rows[0].id as string;
}
