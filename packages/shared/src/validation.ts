import { z } from 'zod';

import { MESSAGES, PASSWORD_MIN_LENGTH } from './messages';

export { MESSAGES, PASSWORD_MIN_LENGTH };

export const emailSchema = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .pipe(z.email({ error: MESSAGES.emailInvalid }));

export const passwordSchema = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort);

/** 8 to 15 digits, optionally with a leading + and spaces, hyphens or parentheses between them. */
const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]*[0-9]$/;

export function isPhoneNumber(value: string): boolean {
  const digits = value.replace(/\D/g, '').length;
  return PHONE_PATTERN.test(value) && digits >= 8 && digits <= 15;
}

/** Optional phone number: an empty string or null means none; otherwise it must look like one. */
export const phoneSchema = z
  .string({ error: MESSAGES.phoneInvalid })
  .trim()
  .refine((value) => value === '' || isPhoneNumber(value), MESSAGES.phoneInvalid)
  .transform((value) => (value === '' ? null : value))
  .nullable();

/** A colour as `#RRGGBB`, the form Mantine's colour input gives. */
export const colorSchema = z
  .string({ error: MESSAGES.colorRequired })
  .trim()
  .min(1, MESSAGES.colorRequired)
  .regex(/^#[0-9a-fA-F]{6}$/, MESSAGES.colorInvalid);
