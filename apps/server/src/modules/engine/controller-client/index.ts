import type { AuthMethod } from '@vaskedrift/shared';
import { apiKeyAuth } from './api-key';
import { basicAuth } from './basic';
import { bearerAuth } from './bearer';
import { noAuth } from './none';
import { createOAuth2Auth } from './oauth2';
import type { Authenticator } from './types';

export { type PollResult, parseJsonBody, pollApi } from './poll';
export { type ApiConnection, type Authenticator, CheckFailure } from './types';

/** One authenticator per auth method; OAuth2's holds this engine's token cache. */
export function createAuthenticators(): Record<AuthMethod, Authenticator> {
  return {
    none: noAuth,
    apiKey: apiKeyAuth,
    bearer: bearerAuth,
    basic: basicAuth,
    oauth2: createOAuth2Auth(),
  };
}
