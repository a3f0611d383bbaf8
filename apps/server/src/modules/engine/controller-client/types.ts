import type { ApiDetails, AuthMethod, HttpMethod } from '@vaskedrift/shared';
import type { OutboundClient } from '../../../lib/outbound';

/** What a check needs to call one API: the stored connection with its secrets opened. */
export type ApiConnection = {
  id: string;
  endpointUrl: string;
  authEndpointUrl: string | null;
  tokenPath: string | null;
  clientId: string | null;
  clientSecret: string | null;
  apiKey: string | null;
  authMethod: AuthMethod;
  method: HttpMethod;
  headers: Record<string, string>;
  body: string | null;
  params: Record<string, string>;
  details: ApiDetails;
};

/** Why a check failed: a code for programs and a Norwegian reason for the API's log. */
export class CheckFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly httpStatus: number | null = null,
    readonly bytes: number | null = null,
  ) {
    super(message);
    this.name = 'CheckFailure';
  }
}

/** Shared by the auth methods of one engine: the outbound client and the OAuth2 token cache. */
export type AuthContext = {
  outbound: OutboundClient;
  /** Epoch ms by which the whole check must be done (token request included). */
  deadline: number;
  signal?: AbortSignal;
};

/**
 * One way of proving who we are to a controller. `headers` gives what to add to the request; a method
 * that can recover from a 401 (OAuth2: fetch a new token) says so with `refreshAfterUnauthorized`.
 */
export interface Authenticator {
  headers(api: ApiConnection, ctx: AuthContext): Promise<Record<string, string>>;
  /** Forget what was cached; true when trying again may help. */
  refreshAfterUnauthorized?(api: ApiConnection): boolean;
}

/** Milliseconds left before the deadline, at least 1. */
export function remaining(deadline: number): number {
  return Math.max(1, Math.floor(deadline - Date.now()));
}
