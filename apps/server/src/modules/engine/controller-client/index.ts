import type { AuthMethod } from '@vaskedrift/shared';
import { apiKeyAuth } from './api-key';
import { basicAuth } from './basic';
import { bearerAuth } from './bearer';
import { createDigestAuth } from './digest';
import { noAuth } from './none';
import { createOAuth2Auth } from './oauth2';
import type { Authenticator } from './types';

export { parseJsonBody, pollApi } from './poll';
export { type ApiConnection, type Authenticator, CheckFailure } from './types';

/**
 * One authenticator per auth method of `AUTH_METHOD_REGISTRY` (the type fails when one is missing);
 * OAuth2's holds this engine's token cache, digest's the nonces it was given.
 */
export function createAuthenticators(): Record<AuthMethod, Authenticator> {
  return {
    none: noAuth,
    apiKey: apiKeyAuth,
    bearer: bearerAuth,
    basic: basicAuth,
    digest: createDigestAuth(),
    oauth2: createOAuth2Auth(),
  };
}
