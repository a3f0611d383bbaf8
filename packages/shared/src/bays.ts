import { z } from 'zod';
import { idSchema, listRequest } from './api';
import { BAY_STATUSES, type StatusCounts } from './bay-status';
import { entityNameSchema, oneOrListResponse, sortOrderSchema, sortSchema, timestampSchema } from './fields';

export const bayStatusSchema = z.enum(BAY_STATUSES, { error: 'Ugyldig status' });

export const statusCountsSchema = z.object({
  operational: z.number().int(),
  warning: z.number().int(),
  error: z.number().int(),
  inactive: z.number().int(),
  maintenance: z.number().int(),
}) satisfies z.ZodType<StatusCounts>;

export const BAY_MESSAGES = {
  statusNotByHand: 'Statusen til denne vaskehallen styres av attributtene og kan ikke settes for hånd',
  notFound: 'Fant ikke vaskehallen',
  statusInMaintenance: 'Vaskehallen er i vedlikehold: avslutt vedlikeholdet for å endre statusen',
} as const;

export const createBaySchema = z.object({
  locationId: idSchema,
  name: entityNameSchema,
  status: bayStatusSchema.default('operational'),
  /** Placed last when left out. */
  sortOrder: sortOrderSchema.optional(),
});
export type CreateBayInput = z.input<typeof createBaySchema>;

export const updateBaySchema = z.object({
  id: idSchema,
  locationId: idSchema.optional(),
  name: entityNameSchema.optional(),
  status: bayStatusSchema.optional(),
  sortOrder: sortOrderSchema.optional(),
});
export type UpdateBayInput = z.input<typeof updateBaySchema>;

export const BAY_SORT_COLUMNS = [
  'name',
  'locationName',
  'status',
  'statusChangedAt',
  'sortOrder',
  'createdAt',
] as const;

const bayFiltersSchema = z.object({
  locationId: idSchema.optional(),
  /** One status or several. */
  status: z
    .union([bayStatusSchema, z.array(bayStatusSchema).min(1).max(BAY_STATUSES.length)], {
      error: 'Ugyldig status',
    })
    .optional(),
});

/** `backend/bays/get`: `{id}` for one bay, otherwise a page of bays (search matches bay and facility name). */
export const getBaysSchema = listRequest(bayFiltersSchema).extend({
  id: idSchema.optional(),
  sort: sortSchema(BAY_SORT_COLUMNS).optional(),
});

export const baySchema = z.object({
  id: z.uuid(),
  locationId: z.uuid(),
  locationName: z.string(),
  name: z.string(),
  status: bayStatusSchema,
  statusChangedAt: timestampSchema,
  /**
   * An evaluated attribute has a level now (docs/domain.md, Statistics, Monitored). False: the status is
   * only what was set by hand, the bay shows 'Ikke overvåket' and counts in no figure.
   */
  monitored: z.boolean(),
  sortOrder: z.number().int(),
  /** Its notifications are muted until then (its own mute or its facility's, the later); null: not muted. */
  mutedUntil: timestampSchema.nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Bay = z.infer<typeof baySchema>;

export const getBaysResponseSchema = oneOrListResponse(baySchema);
