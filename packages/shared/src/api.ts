import { z } from 'zod';
import { DEFAULT_ITEMS_PER_PAGE, MAX_ITEMS_PER_PAGE } from './paths';

export { API_BASE, AUTH_BASE } from './paths';

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

/** `GET misc/live` (the process answers) and `GET misc/ready` (database reachable and migrated). */
export const probeSchema = z.object({ status: z.enum(['live', 'ready']) });

export const idSchema = z.uuid({ error: 'Ugyldig id' });

/** `POST …/get` for one row: `{id}`. */
const getOneSchema = z.object({ id: idSchema });

/** `POST …/get` for a page of rows. `filters` keys are checked by each resource's own schema. */
export const listQuerySchema = z.object({
  page: z.number({ error: 'Ugyldig side' }).int().min(1).default(1),
  perPage: z
    .number({ error: 'Ugyldig antall per side' })
    .int()
    .min(1)
    .max(MAX_ITEMS_PER_PAGE)
    .default(DEFAULT_ITEMS_PER_PAGE),
  search: z.string().trim().max(200).optional(),
  sort: z
    .object({ column: z.string().max(64), direction: z.enum(['asc', 'desc']).default('asc') })
    .optional(),
});

/** A list request with the resource's own filters. */
export function listRequest<F extends z.ZodType>(filters: F) {
  return listQuerySchema.extend({ filters: filters.optional() });
}

/** `DELETE …/delete`: `{id}`. */
export const deleteSchema = getOneSchema;
