import { z } from 'zod';
import { roleSchema } from './roles';
import { emailSchema, passwordSchema } from './validation';

/** Sign-in form. The same rules guard the token endpoint's password grant. */
export const signInSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
});
export type SignInInput = z.infer<typeof signInSchema>;

/** GoTrue error codes this server answers with. */
export const AUTH_ERROR_CODES = [
  'invalid_credentials',
  'validation_failed',
  'session_not_found',
  'refresh_token_not_found',
  'refresh_token_already_used',
  'bad_jwt',
  'no_authorization',
  'user_not_found',
  'user_banned',
  'over_request_rate_limit',
  'unexpected_failure',
  'weak_password',
] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

/** Access token lifetime in seconds. Short, so that a disabled user loses access quickly. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** A rotated refresh token presented again inside this window is answered, not treated as theft. */
export const REFRESH_REUSE_GRACE_SECONDS = 10;

/** What the app keeps of a user in `app_metadata` / `user_metadata` of the GoTrue user. */
export const authUserMetadataSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
});
export const authAppMetadataSchema = z.object({
  provider: z.literal('email'),
  providers: z.array(z.string()),
  role: roleSchema,
});

/** Log entry types written by auth. */
export const LOG_TYPES = {
  loginManual: 'users/login/manual',
  loginAuto: 'users/login/auto',
  logoutManual: 'users/logout/manual',
} as const;

/** GoTrue's user object, as `@supabase/auth-js` reads it. */
export const authUserSchema = z.looseObject({
  id: z.uuid(),
  aud: z.string(),
  role: z.string(),
  email: z.string(),
  phone: z.string(),
  app_metadata: authAppMetadataSchema,
  user_metadata: authUserMetadataSchema,
  identities: z.array(z.looseObject({ id: z.string(), provider: z.string() })),
  factors: z.array(z.unknown()),
  created_at: z.string(),
  updated_at: z.string(),
  last_sign_in_at: z.string().nullable(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const authSessionSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  expires_at: z.number().int(),
  refresh_token: z.string(),
  user: authUserSchema,
});

export const authErrorSchema = z.object({
  code: z.string(),
  error_code: z.string(),
  msg: z.string(),
  message: z.string(),
});
