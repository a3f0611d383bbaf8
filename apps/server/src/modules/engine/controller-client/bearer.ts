import { type Authenticator, CheckFailure } from './types';

/** The stored API key as a bearer token. */
export const bearerAuth: Authenticator = {
  async headers(api) {
    if (!api.apiKey) throw new CheckFailure('auth/missing-secret', 'Token (API-nøkkel) mangler');
    return { authorization: `Bearer ${api.apiKey}` };
  },
};
