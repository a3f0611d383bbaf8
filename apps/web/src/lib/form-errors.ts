import { fieldErrorSchema } from '@vaskedrift/shared';
import { z } from 'zod';
import { isApiError } from './api-error';

const detailsSchema = z.array(fieldErrorSchema);

/**
 * The server's refusal as errors on form fields: each validation detail `{path, message}` goes under its
 * field (`groups.0` under `groups`), and an error code listed in `codeFields` (e.g. a duplicate e-mail)
 * goes under the field it is about. Fields the form does not have are left out; null when nothing fits,
 * so the caller shows the message as a toast instead.
 */
export function apiFieldErrors(
  error: unknown,
  fields: readonly string[],
  codeFields: Readonly<Record<string, string>> = {},
): Record<string, string> | null {
  if (!isApiError(error)) return null;
  const errors: Record<string, string> = {};
  const codeField = codeFields[error.code];
  if (codeField && fields.includes(codeField)) errors[codeField] = error.message;
  const details = detailsSchema.safeParse(error.details);
  for (const detail of details.success ? details.data : []) {
    const field = fields.find((name) => detail.path === name || detail.path.startsWith(`${name}.`));
    if (field && !errors[field]) errors[field] = detail.message;
  }
  return Object.keys(errors).length > 0 ? errors : null;
}
