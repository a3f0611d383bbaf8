import { type Authenticator, CheckFailure } from './types';

/** HTTP Basic (RFC 7617) with the client id and secret, as they are. */
export const basicAuth: Authenticator = {
  async headers(api) {
    if (!api.clientId || !api.clientSecret) {
      throw new CheckFailure('auth/missing-secret', 'Klient-ID eller klienthemmelighet mangler');
    }
    const pair = `${api.clientId}:${api.clientSecret}`;
    return { authorization: `Basic ${Buffer.from(pair, 'utf8').toString('base64')}` };
  },
};
