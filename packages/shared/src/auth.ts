import { z } from 'zod';
import { roleSchema } from './role-schema';
import { emailSchema, passwordSchema } from './validation';

/** Sign-in form. The same rules guard the token endpoint's password grant. */
export const signInSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
});
export type SignInInput = z.infer<typeof signInSchema>;

/** GoTrue error codes this server answers with. */
const AUTH_ERROR_CODES = [
  'invalid_credentials',
  'validation_failed',
  'bad_json',
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
  'same_password',
  'otp_expired',
  'insufficient_aal',
  'reauthentication_needed',
  'mfa_factor_not_found',
  'mfa_factor_name_conflict',
  'mfa_challenge_expired',
  'mfa_verification_failed',
  'too_many_enrolled_mfa_factors',
  'mfa_verified_factor_exists',
  'mfa_recovery_codes_sole_factor',
] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

/** Access token lifetime in seconds. Short, so that a disabled user loses access quickly. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** A rotated refresh token presented again inside this window is answered, not treated as theft. */
export const REFRESH_REUSE_GRACE_SECONDS = 10;

/** What the app keeps of a user in `app_metadata` / `user_metadata` of the GoTrue user. */
const authUserMetadataSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
});
const authAppMetadataSchema = z.object({
  provider: z.literal('email'),
  providers: z.array(z.string()),
  role: roleSchema,
});

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
  factors: z.array(z.lazy(() => authFactorSchema)),
  created_at: z.string(),
  updated_at: z.string(),
  last_sign_in_at: z.string().nullable(),
});

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

/** A recovery link stays valid this long, and works once. */
export const RECOVERY_TOKEN_TTL_SECONDS = 60 * 60;
/** The page the recovery e-mail links to; the token travels as `?token=`. */
export const RECOVERY_PAGE_PATH = '/sign-in/reset';

/** `POST /auth/v1/recover` (auth-js `resetPasswordForEmail`). */
export const recoverSchema = z.looseObject({ email: emailSchema });

/** `POST /auth/v1/verify` as auth-js `verifyOtp({type: 'recovery', token_hash})` sends it. */
export const verifyRecoverySchema = z.looseObject({
  type: z.literal('recovery'),
  token_hash: z.string().min(1).max(200),
});

/** A TOTP factor in the GoTrue user object (`user.factors`). */
const authFactorSchema = z.object({
  id: z.uuid(),
  friendly_name: z.string().optional(),
  factor_type: z.literal('totp'),
  status: z.enum(['unverified', 'verified']),
  created_at: z.string(),
  updated_at: z.string(),
});

/** TOTP: the product's name in authenticator apps; a challenge lives 5 minutes like GoTrue's. */
export const TOTP_ISSUER = 'Vaskedrift';
export const MFA_CHALLENGE_TTL_SECONDS = 5 * 60;
/** Enrolling or removing a factor needs a sign-in (or a code) no older than this. */
export const MFA_FRESH_SESSION_SECONDS = 10 * 60;

/** `POST /auth/v1/factors` as auth-js `mfa.enroll({factorType: 'totp'})` sends it. */
export const mfaEnrollSchema = z.looseObject({
  factor_type: z.literal('totp'),
  friendly_name: z.string().trim().max(100).optional(),
  issuer: z.string().optional(),
});

/**
 * Answer to enrolment. `qr_code` is the bare SVG: auth-js itself prefixes it with
 * `data:image/svg+xml;utf-8,` (as it does for GoTrue), so the browser gets a data URI.
 */
export const mfaEnrollResponseSchema = z.object({
  id: z.uuid(),
  type: z.literal('totp'),
  friendly_name: z.string(),
  totp: z.object({ qr_code: z.string(), secret: z.string(), uri: z.string() }),
});

export const mfaChallengeResponseSchema = z.object({
  id: z.uuid(),
  type: z.literal('totp'),
  expires_at: z.number().int(),
});

/** `POST /auth/v1/factors/{id}/verify` as auth-js `mfa.verify` sends it. */
export const mfaVerifySchema = z.looseObject({
  challenge_id: z.uuid(),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
});

/** One-time recovery codes made at enrolment: enough for years of lost phones, few enough to print. */
export const MFA_RECOVERY_CODE_COUNT = 10;
/** 16 characters of base32 (a–z, 2–7): 80 random bits each, so a fast hash (SHA-256) suffices at rest. */
export const MFA_RECOVERY_CODE_LENGTH = 16;

/** A recovery code as typed or pasted: case, spaces and `-` do not matter (GoTrue's rule). */
function normaliseRecoveryCode(input: string): string {
  return input.replace(/[\s-]+/g, '').toLowerCase();
}

/** A recovery code for people to read and copy: `abcd-efgh-ijkl-mnop`. */
export function formatRecoveryCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

/** `GET /auth/v1/factors/recovery-codes` (auth-js `mfa.recoveryCodes.getStatus`): never the codes. */
export const mfaRecoveryCodesStatusSchema = z.object({
  id: z.uuid(),
  type: z.literal('recovery_code'),
  total: z.number().int(),
  remaining: z.number().int(),
});

/** A new set (auth-js `mfa.recoveryCodes.generate` / `regenerate`): the only time the codes are shown. */
export const mfaRecoveryCodesSchema = z.object({
  id: z.uuid(),
  type: z.literal('recovery_code'),
  friendly_name: z.string(),
  total: z.number().int(),
  codes: z.array(z.string()),
});

/** `POST /auth/v1/factors/recovery-codes/verify` as auth-js `mfa.recoveryCodes.verify` sends it. */
export const mfaRecoveryCodeVerifySchema = z.looseObject({
  code: z
    .string()
    .max(100)
    .transform(normaliseRecoveryCode)
    .pipe(z.string().regex(new RegExp(`^[a-z2-7]{${MFA_RECOVERY_CODE_LENGTH}}$`))),
});
