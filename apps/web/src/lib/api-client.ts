import { createApiClient } from './create-api-client';
import { auth } from './gotrue-client';

export { ApiError, isApiError } from './api-error';

/** `apiRequest('GET', 'misc/fallback')`: a JSON call to /api/v1 with the signed-in user's token. */
export const apiRequest = createApiClient({
  fetch: (input, init) => window.fetch(input, init),
  getAccessToken: async () => (await auth.getSession()).data.session?.access_token ?? null,
  refresh: async () => {
    const { data, error } = await auth.refreshSession();
    return !error && data.session != null;
  },
  signOut: async () => {
    await auth.signOut({ scope: 'local' });
  },
});
