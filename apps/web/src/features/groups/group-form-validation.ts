import { createGroupSchema } from '@vaskedrift/shared';
import type { GroupFormValues } from './components/group-form-fields';

/**
 * Checks the group form with the shared schema (so the messages match the server's) and puts each
 * message under the form's own field: the schema's `config.color` is the form's `color`.
 */
export function validateGroupForm(values: GroupFormValues): Record<string, string> {
  const result = createGroupSchema.safeParse({
    name: values.name,
    description: values.description,
    config: { color: values.color },
  });
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    const field = path === 'config.color' ? 'color' : path;
    if (!errors[field]) errors[field] = issue.message;
  }
  return errors;
}
