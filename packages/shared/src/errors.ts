import { z } from 'zod';

/** The one error body every API failure answers with (PostgREST-like). */
export const errorBodySchema = z.object({
  message: z.string(),
  details: z.unknown().nullable(),
  hint: z.string().nullable(),
  code: z.string(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export { ERROR_CODES } from './error-codes';

/** One field's failure in a validation error's `details`. */
export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });
