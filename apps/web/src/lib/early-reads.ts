import { API_BASE } from '@vaskedrift/shared';

/**
 * The reads the first page after signing in waits for: the user's row (the layout waits for it), the
 * dashboard's answer and the reads of the cards above its tiles (the dashboard draws them and the tiles in one
 * render). The sign-in page sends them as soon as the password is accepted, while the app's code may still be
 * on its way; the API client takes the answers when it asks for the same (decision 040). Each is the request
 * its feature makes (the features' `*-request(s).test.ts` compare them).
 */
export const FIRST_READS = {
  // The view's name written out (it is `USERS_VIEW`): the module of shared that holds it builds zod schemas,
  // which the sign-in page does not load (apps/web/README.md).
  user: (userId: string) => ({ path: 'backend/users/get', body: { table: 'v_users_data', id: userId } }),
  dashboard: { path: 'dashboard/get', body: {} },
  dashboardCards: {
    openAlerts: {
      path: 'backend/alerts/get',
      body: {
        page: 1,
        perPage: 20,
        filters: { state: 'open' },
        sort: { column: 'openedAt', direction: 'desc' },
      },
    },
    runningMaintenance: { path: 'backend/bays/maintenance/running', body: { page: 1, perPage: 20 } },
    plans: { path: 'backend/bays/maintenance/plans/get', body: { page: 1, perPage: 5, filters: {} } },
  },
} as const;

type Read = { path: string; body: unknown };

const sent = new Map<string, Promise<Response>>();

const keyOf = (method: string | undefined, url: string, authorization: string | null, body: unknown) =>
  JSON.stringify([method ?? 'GET', url, authorization, body ?? null]);

/** Sends `read` now with `token`, as the API client would (a POST with a JSON body), for `takeEarlyRead`. */
export function sendEarlyRead(token: string, read: Read): void {
  const url = `${API_BASE}/${read.path}`;
  const authorization = `Bearer ${token}`;
  const body = JSON.stringify(read.body);
  const response = fetch(url, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json', authorization },
    body,
  });
  // A failure is the API client's to meet when it takes the answer; unhandled until then is no error.
  response.catch(() => {});
  sent.set(keyOf('POST', url, authorization, body), response);
}

/**
 * The answer of a read sent early that matches this request exactly (method, address, token and body), once;
 * otherwise undefined and the caller fetches.
 */
export function takeEarlyRead(input: RequestInfo | URL, init?: RequestInit): Promise<Response> | undefined {
  if (sent.size === 0 || typeof input !== 'string') return undefined;
  const key = keyOf(init?.method, input, new Headers(init?.headers).get('authorization'), init?.body);
  const response = sent.get(key);
  sent.delete(key);
  return response;
}
