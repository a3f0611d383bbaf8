import { API_BASE, ERROR_CODES, errorBodySchema } from '@vaskedrift/shared';
import { ApiError, CLIENT_ERROR_CODES } from './api-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiClientDeps {
  fetch: typeof fetch;
  /** The current access token, or null when signed out. */
  getAccessToken: () => Promise<string | null>;
  /** Refreshes the session; resolves false (or throws) when it cannot. */
  refresh: () => Promise<boolean>;
  /** Drops the session on this device after a refresh has failed. */
  signOut: () => Promise<void>;
  baseUrl?: string;
}

export type ApiRequest = <T>(method: HttpMethod, path: string, body?: unknown) => Promise<T>;

/** The spec's request helper: at most two refresh-and-retry rounds on an expired or unknown token. */
export const MAX_AUTH_RETRIES = 2;
const RETRY_CODES: readonly string[] = [ERROR_CODES.invalidToken, ERROR_CODES.userNotFound];

const clientError = (code: string, message: string, status = 0) =>
  new ApiError({ code, message, details: null, hint: null }, status);

async function readError(response: Response): Promise<ApiError> {
  const json: unknown = await response.json().catch(() => null);
  const parsed = errorBodySchema.safeParse(json);
  if (parsed.success) return new ApiError(parsed.data, response.status);
  return clientError(
    CLIENT_ERROR_CODES.unknown,
    response.statusText || 'An unknown error occurred',
    response.status,
  );
}

/** Sends one request with the token given (null: none); the answer as a fetch `Response`. */
export type AuthorizedSend = (token: string | null) => Promise<Response>;

/**
 * Runs `send` with the current token and answers the body's JSON; on an expired or unknown token it
 * refreshes (one refresh shared by every request that meets it, so the token rotates once) and sends again,
 * at most MAX_AUTH_RETRIES times. JSON calls and uploads (lib/xhr-send.ts) share one of these.
 */
export function createAuthorizedCall(deps: Omit<ApiClientDeps, 'fetch' | 'baseUrl'>) {
  let refreshing: Promise<boolean> | null = null;

  const refreshOnce = () => {
    refreshing ??= deps
      .refresh()
      .catch(() => false)
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  };

  return async function authorizedCall<T>(send: AuthorizedSend): Promise<T> {
    let token = await deps.getAccessToken();
    for (let attempt = 0; ; attempt++) {
      const response = await send(token);
      if (response.ok) {
        if (response.status === 204) return undefined as T;
        return (await response.json().catch(() => {
          throw clientError(CLIENT_ERROR_CODES.unknown, 'An unknown error occurred', response.status);
        })) as T;
      }
      const error = await readError(response);
      if (!RETRY_CODES.includes(error.code) || attempt >= MAX_AUTH_RETRIES) throw error;

      if (!(await refreshOnce())) {
        await deps.signOut().catch(() => {});
        throw clientError(
          CLIENT_ERROR_CODES.tokenRefreshFailed,
          'Failed to refresh the session token. Please log in again.',
          error.status,
        );
      }
      token = await deps.getAccessToken();
      if (!token)
        throw clientError(CLIENT_ERROR_CODES.noToken, 'No access token available after refresh.', 401);
    }
  };
}

export type AuthorizedCall = ReturnType<typeof createAuthorizedCall>;

/** The network failure every transport answers with. */
export const networkError = () => clientError(CLIENT_ERROR_CODES.network, 'Network error');

export function createApiClient(
  deps: ApiClientDeps,
  authorizedCall: AuthorizedCall = createAuthorizedCall(deps),
): ApiRequest {
  const baseUrl = deps.baseUrl ?? API_BASE;

  async function send(method: HttpMethod, path: string, body: unknown, token: string | null) {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    try {
      return await deps.fetch(`${baseUrl}/${path.replace(/^\//, '')}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw networkError();
    }
  }

  return <T>(method: HttpMethod, path: string, body?: unknown) =>
    authorizedCall<T>((token) => send(method, path, body, token));
}
