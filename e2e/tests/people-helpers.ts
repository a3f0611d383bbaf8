import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { ADMIN, MAILBOX_URL } from '../playwright.config';

export type Role = 'superadmin' | 'admin' | 'operator' | 'user';
export type TestUser = { id: string; email: string; password: string; firstName: string; lastName: string };

/** Letters only: person and facility names accept letters, digits and spaces. */
export function uniqueName(): string {
  return Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

/** A session token for API set-up, from the same password grant the browser uses. */
export async function tokenFor(request: APIRequestContext, email = ADMIN.email, password = ADMIN.password) {
  const response = await request.post('/auth/v1/token?grant_type=password', { data: { email, password } });
  expect(response.ok(), await response.text()).toBeTruthy();
  return ((await response.json()) as { access_token: string }).access_token;
}

export async function api<T>(
  request: APIRequestContext,
  token: string,
  method: 'POST' | 'PATCH' | 'DELETE',
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

/** Fills in the sign-in form and presses 'Fortsett'; what follows (an error, a TOTP step) is the test's. */
export async function submitSignIn(page: Page, email: string, password: string) {
  await page.goto('/sign-in');
  await page.getByLabel('E-post').fill(email);
  await page.getByLabel('Passord', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Fortsett' }).click();
}

/**
 * Signs in and waits for the dashboard, as a person waits before going on: a test that navigates right
 * after pressing 'Fortsett' would leave before the session is stored.
 */
export async function signIn(page: Page, email: string, password: string) {
  await submitSignIn(page, email, password);
  await expect(page.getByRole('heading', { name: 'Oversikt', level: 1 })).toBeVisible();
}

export async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: 'Brukermeny' }).click();
}

/** A TOTP code for `secret`, `offsetSeconds` from now (codes are single-use, so a later one is fresh). */
export function totpCode(secret: string, offsetSeconds = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });
}

/** Turns on two-factor for `user` through the API, as the user would in the app: enrol, then a first code. */
export async function turnOnTwoFactor(request: APIRequestContext, user: TestUser) {
  const headers = { authorization: `Bearer ${await tokenFor(request, user.email, user.password)}` };
  const enrolled = await request.post('/auth/v1/factors', { headers, data: { factor_type: 'totp' } });
  const { id, totp } = (await enrolled.json()) as { id: string; totp: { secret: string } };
  const challenge = (await (await request.post(`/auth/v1/factors/${id}/challenge`, { headers })).json()) as {
    id: string;
  };
  const verified = await request.post(`/auth/v1/factors/${id}/verify`, {
    headers,
    data: { challenge_id: challenge.id, code: await totpCode(totp.secret) },
  });
  expect(verified.ok(), await verified.text()).toBeTruthy();
}

type CaughtMail = { to: string[]; subject: string; text: string };

/** Waits for an e-mail to `address` at the test SMTP server and answers it. */
export async function waitForMail(request: APIRequestContext, address: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const messages = (await (await request.get(MAILBOX_URL)).json()) as CaughtMail[];
    const found = messages.find((message) => message.to.includes(address));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`ingen e-post til ${address} innen ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Picks `option` in the Mantine select labelled `label`, typing `typed` first for a searchable one. */
export async function pickOption(page: Page, label: string, option: string | RegExp, typed?: string) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  if (typed) await input.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}
