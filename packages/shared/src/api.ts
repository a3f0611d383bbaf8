import { z } from 'zod';

export const API_BASE = '/api/v1';
export const AUTH_BASE = '/auth/v1';

/** Success envelope: `{data}`. */
export function dataResponse<T extends z.ZodType>(data: T) {
  return z.object({ data });
}

/** List envelope: `{data, count}`. */
export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), count: z.number().int() });
}

export const fallbackSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  database: z.enum(['embedded', 'external']),
});
export type Fallback = z.infer<typeof fallbackSchema>;
