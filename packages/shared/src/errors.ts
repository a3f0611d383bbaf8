import { z } from 'zod';

/** The one error body every API failure answers with (PostgREST-like). */
export const errorBodySchema = z.object({
  message: z.string(),
  details: z.unknown().nullable(),
  hint: z.string().nullable(),
  code: z.string(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const ERROR_CODES = {
  invalidToken: 'auth/invalid-token',
  userNotFound: 'auth/user-not-found',
  forbidden: 'auth/forbidden',
  /** The user has a verified second factor and this session has not passed it yet (aal1). */
  mfaRequired: 'auth/mfa-required',
  notFound: 'misc/not-found',
  validation: 'misc/validation',
  conflict: 'misc/conflict',
  rateLimited: 'misc/rate-limited',
  /** The body is not JSON, or nests deeper than any request may (docs/decisions/012-bounded-input.md). */
  invalidJson: 'misc/invalid-json',
  bodyTooLarge: 'misc/body-too-large',
  unsupportedMediaType: 'misc/unsupported-media-type',
  unknown: 'misc/unknown',
  network: 'network/error',
} as const;

/** One field's failure in a validation error's `details`. */
export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;
