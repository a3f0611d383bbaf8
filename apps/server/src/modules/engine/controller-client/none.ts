import type { Authenticator } from './types';

/** No credentials: open controllers on a facility LAN. */
export const noAuth: Authenticator = {
  headers: async () => ({}),
};
