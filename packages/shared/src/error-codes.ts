// Without zod, so the sign-in page can use them without loading every schema (decision 021).

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
