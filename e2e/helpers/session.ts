import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { ADMIN } from '../playwright.config';
import { type ApiMethod, api } from './data';

/**
 * Fills in the sign-in form and presses 'Fortsett'; what follows (an error, a TOTP step) is the test's.
 * Without an e-mail and password it is the superadmin the e2e server starts with.
 */
export async function submitSignIn(page: Page, email = ADMIN.email, password = ADMIN.password) {
  await page.goto('/sign-in');
  await page.getByLabel('E-post').fill(email);
  await page.getByLabel('Passord', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Fortsett' }).click();
}

/**
 * Signs in and waits for the dashboard, as a person waits before going on: a test that navigates right
 * after pressing 'Fortsett' would leave before the session is stored.
 */
export async function signIn(page: Page, email = ADMIN.email, password = ADMIN.password) {
  await submitSignIn(page, email, password);
  await expect(page.getByRole('heading', { name: 'Oversikt', level: 1 })).toBeVisible();
}

/** A session token for API set-up, from the same password grant the browser uses. */
export async function tokenFor(request: APIRequestContext, email = ADMIN.email, password = ADMIN.password) {
  const response = await request.post('/auth/v1/token?grant_type=password', { data: { email, password } });
  expect(response.ok(), await response.text()).toBeTruthy();
  return ((await response.json()) as { access_token: string }).access_token;
}

/** The API as the superadmin, for setting up what a test is not about. */
export async function adminApi(request: APIRequestContext) {
  const token = await tokenFor(request);
  return <T>(method: ApiMethod, path: string, data: unknown): Promise<T> =>
    api<T>(request, token, method, path, data);
}

/** A TOTP code for `secret`, `offsetSeconds` from now (codes are single-use, so a later one is fresh). */
export function totpCode(secret: string, offsetSeconds = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });
}

/** Turns on two-factor for `user` through the API, as the user would in the app: enrol, then a first code. */
export async function turnOnTwoFactor(request: APIRequestContext, user: { email: string; password: string }) {
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
