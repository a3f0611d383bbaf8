import { API_BASE, ERROR_CODES } from '@vaskedrift/shared';
import { answerSchema } from './answer-schema';
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

type ApiRequest = <T>(method: HttpMethod, path: string, body?: unknown) => Promise<T>;

/** A file the server sent (a CSV export): its content and the name from `Content-Disposition`. */
interface DownloadedFile {
  blob: Blob;
  filename: string | null;
}

export type ApiClient = ApiRequest & {
  /** The same call for an endpoint that answers with a file instead of JSON. */
  download: (method: HttpMethod, path: string, body?: unknown) => Promise<DownloadedFile>;
};

/** `attachment; filename="rapport.csv"; filename*=UTF-8''r%C3%A5.csv` → the (UTF-8) file name. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // fall through to the plain name
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(header)?.[1]?.trim() ?? null;
}

/** The request helper: at most two refresh-and-retry rounds on an expired or unknown token. */
const MAX_AUTH_RETRIES = 2;
const RETRY_CODES: readonly string[] = [ERROR_CODES.invalidToken, ERROR_CODES.userNotFound];

const clientError = (code: string, message: string, status = 0) =>
  new ApiError({ code, message, details: null, hint: null }, status);

const parseErrorBody = answerSchema((schemas) => schemas.errorBody);

/** The server's error body; any other answer (or none) as an unknown error with the HTTP status. */
async function readError(response: Response): Promise<ApiError> {
  const body = await parseErrorBody(response.json()).catch(() => null);
  if (body) return new ApiError(body, response.status);
  return clientError(
    CLIENT_ERROR_CODES.unknown,
    response.statusText || 'An unknown error occurred',
    response.status,
  );
}

/** Sends one request with the token given (null: none); the answer as a fetch `Response`. */
export type AuthorizedSend = (token: string | null) => Promise<Response>;

const readJson = async <T>(response: Response): Promise<T> => {
  if (response.status === 204) return undefined as T;
  return (await response.json().catch(() => {
    throw clientError(CLIENT_ERROR_CODES.unknown, 'An unknown error occurred', response.status);
  })) as T;
};

const readFile = async (response: Response): Promise<DownloadedFile> => ({
  blob: await response.blob(),
  filename: filenameFromDisposition(response.headers.get('content-disposition')),
});

/**
 * Runs `send` with the current token and answers the body (JSON unless `read` says otherwise); on an
 * expired or unknown token it refreshes (one refresh shared by every request that meets it, so the token
 * rotates once) and sends again, at most MAX_AUTH_RETRIES times. JSON calls, downloads and uploads
 * (lib/xhr-send.ts) share one of these.
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

  return async function authorizedCall<T>(
    send: AuthorizedSend,
    read: (response: Response) => Promise<T> = readJson<T>,
  ): Promise<T> {
    let token = await deps.getAccessToken();
    for (let attempt = 0; ; attempt++) {
      const response = await send(token);
      if (response.ok) return read(response);
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
): ApiClient {
  const baseUrl = deps.baseUrl ?? API_BASE;

  async function send(method: HttpMethod, path: string, body: unknown, token: string | null, accept: string) {
    const headers: Record<string, string> = { accept };
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

  const apiRequest = <T>(method: HttpMethod, path: string, body?: unknown) =>
    authorizedCall<T>((token) => send(method, path, body, token, 'application/json'));
  return Object.assign(apiRequest, {
    download: (method: HttpMethod, path: string, body?: unknown) =>
      authorizedCall((token) => send(method, path, body, token, '*/*'), readFile),
  });
}
