import type { SignInInput } from './auth';
import { MESSAGES, PASSWORD_MIN_LENGTH } from './messages';

/** zod's `z.email()` pattern (zod/v4/core regexes), copied: importing it brings zod's core utilities along. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/**
 * `signInSchema`'s rules as plain functions, one message per field as Mantine's form wants them: the
 * sign-in page validates with these so that it loads no zod schema (docs/decisions/021-compression.md).
 * `sign-in-rules.test.ts` holds them to the schema.
 */
export const signInRules = {
  email: (value: string): string | null => {
    const email = value.trim();
    if (email === '') return MESSAGES.emailRequired;
    return EMAIL_PATTERN.test(email) ? null : MESSAGES.emailInvalid;
  },
  password: (value: string): string | null => {
    if (value === '') return MESSAGES.passwordRequired;
    return value.length < PASSWORD_MIN_LENGTH ? MESSAGES.passwordTooShort : null;
  },
} satisfies Record<keyof SignInInput, (value: string) => string | null>;
