import { type APIRequestContext, expect } from '@playwright/test';

export type Role = 'superadmin' | 'admin' | 'operator' | 'user';
export type TestUser = { id: string; email: string; password: string; firstName: string; lastName: string };
export type ApiMethod = 'POST' | 'PATCH' | 'DELETE';

/**
 * Six random letters, after `prefix` and a space when one is given ('Vask Sentrum qhzkdu'): every name
 * rule (people, groups, facilities, bays) accepts letters and spaces, and each test's rows stay apart.
 */
export function uniqueName(prefix?: string): string {
  const tag = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join(
    '',
  );
  return prefix ? `${prefix} ${tag}` : tag;
}

/** One `/api/v1` call with `token`; fails the test unless it succeeds, and answers the body's `data`. */
export async function api<T>(
  request: APIRequestContext,
  token: string,
  method: ApiMethod,
  path: string,
  data: unknown,
): Promise<T> {
  const response = await request.fetch(`/api/v1/${path}`, {
    method,
    data,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBeTruthy();
  return ((await response.json()) as { data: T }).data;
}

/** A new user made by the superadmin through the API, with a unique e-mail. */
export async function createUser(
  request: APIRequestContext,
  token: string,
  { role = 'operator', groups = [] }: { role?: Role; groups?: string[] } = {},
): Promise<TestUser> {
  const tag = uniqueName();
  const input = {
    firstName: `Test${tag}`,
    lastName: 'Nordmann',
    email: `${role}-${tag}-${Date.now()}@vaskedrift.test`,
    password: `passord-${tag}-123`,
    role,
    groups,
  };
  const user = await api<{ id: string }>(request, token, 'POST', 'backend/users/create', input);
  return {
    id: user.id,
    email: input.email,
    password: input.password,
    firstName: input.firstName,
    lastName: input.lastName,
  };
}
