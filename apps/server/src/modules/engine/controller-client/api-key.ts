import { DEFAULT_API_KEY_HEADER } from '@vaskedrift/shared';
import { type Authenticator, CheckFailure } from './types';

/** The API key in a header, `details.apiKeyHeader` or `x-api-key`. */
export const apiKeyAuth: Authenticator = {
  async headers(api) {
    if (!api.apiKey) throw new CheckFailure('auth/missing-secret', 'API-nøkkel mangler');
    return { [(api.details.apiKeyHeader || DEFAULT_API_KEY_HEADER).toLowerCase()]: api.apiKey };
  },
};
