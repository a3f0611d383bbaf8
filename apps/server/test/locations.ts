import { randomUUID } from 'node:crypto';
import type { Role } from '@vaskedrift/shared';
import type { TestContext } from './helpers';
import { callApi, signedIn } from './people';

/** An HTTP client signed in with one role: `call(method, path, body)` with their token. */
export type ApiClient = Awaited<ReturnType<typeof caller>>;

export async function caller(ctx: TestContext, role: Role) {
  const { user, token } = await signedIn(ctx, role);
  type Method = Parameters<typeof callApi>[2];
  return {
    user,
    call: (method: Method, path: string, payload?: unknown) => callApi(ctx, token, method, path, payload),
    post: (path: string, payload?: unknown) => callApi(ctx, token, 'POST', path, payload),
    patch: (path: string, payload?: unknown) => callApi(ctx, token, 'PATCH', path, payload),
    del: (path: string, payload?: unknown) => callApi(ctx, token, 'DELETE', path, payload),
  };
}

/** Grants a facility to an operator or user (the access API belongs to the people module). */
export async function grantAccess(ctx: TestContext, userId: string, locationId: string): Promise<void> {
  await ctx.database.pool.query('insert into user_location_access (user_id, location_id) values ($1, $2)', [
    userId,
    locationId,
  ]);
}

let counter = 0;
/** A valid facility body; names differ per call so lists can tell them apart. */
export function locationBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    name: `Vask Sentrum ${counter}`,
    address: 'Storgata 1',
    postalCode: '0155',
    city: 'Oslo',
    ...overrides,
  };
}

/** Creates a facility through the API as `admin` and returns its id. */
export async function createLocation(
  admin: ApiClient,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const res = await admin.post('backend/locations/create', locationBody(overrides));
  if (res.statusCode !== 200) throw new Error(`anlegg: ${res.statusCode} ${res.body}`);
  return res.json().data.id;
}

export async function createBay(
  admin: ApiClient,
  locationId: string,
  overrides: Record<string, unknown> = {},
) {
  const res = await admin.post('backend/bays/create', { locationId, name: 'Hall 1', ...overrides });
  if (res.statusCode !== 200) throw new Error(`vaskehall: ${res.statusCode} ${res.body}`);
  return res.json().data.id as string;
}

/** An id nobody has: guessing must answer exactly like a facility one may not see. */
export const unknownId = () => randomUUID();

/** The `{path: message}` pairs of a validation error, for exact assertions. */
export function fieldMessages(body: { details?: unknown }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const d of (body.details as Array<{ path: string; message: string }>) ?? []) out[d.path] ??= d.message;
  return out;
}
