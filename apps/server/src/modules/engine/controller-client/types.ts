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

/** What an auth method knows of one check: the outbound client, the deadline and the request it signs. */
export type AuthContext = {
  outbound: OutboundClient;
  /** The `performance.now()` by which the whole check must be done (token request included). */
  deadline: number;
  signal?: AbortSignal;
  /** The request being authenticated (a digest response covers its method and URI). */
  request: { method: HttpMethod; url: string };
};

/**
 * One way of proving who we are to a controller. `headers` gives what to add to the request. A method
 * that can answer a 401 (OAuth2: fetch a new token; digest: answer the `WWW-Authenticate` challenge) does
 * so with `answerChallenge`; the request is then sent once more with the headers it gives.
 */
export interface Authenticator {
  headers(api: ApiConnection, ctx: AuthContext): Promise<Record<string, string>>;
  /** The headers for one more try after a 401 with this `WWW-Authenticate` (may be ''), or null: no retry. */
  answerChallenge?(
    api: ApiConnection,
    ctx: AuthContext,
    challenge: string,
  ): Promise<Record<string, string> | null>;
}

/**
 * Milliseconds left before the deadline (a `performance.now()` time: a change of the wall clock neither
 * cuts a check short nor lets it outlive half its interval), at least 1.
 */
export function remaining(deadline: number): number {
  return Math.max(1, Math.floor(deadline - performance.now()));
}
