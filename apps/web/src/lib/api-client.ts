import { API_BASE } from '@vaskedrift/shared';
import { authStore } from './auth-client';
import { createApiClient, createAuthorizedCall } from './create-api-client';
import { takeEarlyRead } from './early-reads';
import { auth } from './gotrue-client';
import { offlineAwareFetch } from './offline/offline-fetch';
import { xhrSendForm } from './xhr-send';

export { isApiError } from './api-error';

const session = {
  getAccessToken: async () => (await auth.getSession()).data.session?.access_token ?? null,
  refresh: async () => {
    const { data, error } = await auth.refreshSession();
    return !error && data.session != null;
  },
  signOut: async () => {
    await auth.signOut({ scope: 'local' });
  },
};

const authorizedCall = createAuthorizedCall(session);

/** `apiRequest('GET', 'misc/fallback')`: a JSON call to /api/v1 with the signed-in user's token. */
export const apiRequest = createApiClient(
  // The dashboard's reads are kept for offline use (lib/offline); every other call is the plain fetch. The
  // first page's reads the sign-in page sent early are taken, not sent again (decision 040).
  {
    ...session,
    fetch: offlineAwareFetch(
      () => authStore.getSnapshot().user?.id ?? null,
      (input, init) => takeEarlyRead(input, init) ?? window.fetch(input, init),
    ),
  },
  authorizedCall,
);

/**
 * `apiUpload('backend/data/upload', form, onProgress)`: a multipart POST to /api/v1 with real upload progress
 * (0–1), the same token and the same refresh-and-retry as `apiRequest`.
 */
export function apiUpload<T>(
  path: string,
  form: FormData,
  onProgress?: (fraction: number) => void,
): Promise<T> {
  return authorizedCall<T>((token) => xhrSendForm(`${API_BASE}/${path}`, form, token, onProgress));
}

/** `apiDownload('POST', 'backend/reports/availability/export', body)`: a file, with the same token handling. */
export const apiDownload = apiRequest.download;
