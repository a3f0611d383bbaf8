import { ERROR_CODES, type ErrorBody } from '@vaskedrift/shared';

/** Codes the client itself raises, beside the server's own (which are passed on unchanged). */
export const CLIENT_ERROR_CODES = {
  tokenRefreshFailed: 'auth/token-refresh-failed',
  noToken: 'auth/no-token',
  network: ERROR_CODES.network,
  unknown: ERROR_CODES.unknown,
} as const;

/** An API failure: the server's error body as-is, plus the HTTP status (0 when no answer came). */
export class ApiError extends Error {
  readonly code: string;
  readonly details: unknown;
  readonly hint: string | null;
  readonly status: number;

  constructor(body: ErrorBody, status: number) {
    super(body.message);
    this.name = 'ApiError';
    this.code = body.code;
    this.details = body.details;
    this.hint = body.hint;
    this.status = status;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * 400 (not an id) and 404 (deleted, unknown, or not the user's) both mean there is no such thing to show:
 * every page about one facility, bay, user, group or API answers them with the same "not found".
 */
export function isNotFoundError(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}
