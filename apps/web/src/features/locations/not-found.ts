import { isApiError } from '../../lib/api-client';

/** 400 (not an id) and 404 (deleted, unknown, or not the user's) both mean there is no such facility or bay. */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}
