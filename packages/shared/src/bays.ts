import { z } from 'zod';
import { idSchema, listRequest } from './api';
import { entityNameSchema, oneOrListResponse, sortOrderSchema, sortSchema, timestampSchema } from './fields';

/** A bay's operational status, in the order docs/domain.md lists them (and the UI shows them). */
export const BAY_STATUSES = ['operational', 'warning', 'error', 'inactive', 'maintenance'] as const;
export const bayStatusSchema = z.enum(BAY_STATUSES, { error: 'Ugyldig status' });
export type BayStatus = z.infer<typeof bayStatusSchema>;

/** Tile colour (a Mantine colour name) and Norwegian label of each status. */
export const BAY_STATUS_META: Record<BayStatus, { label: string; color: string; description: string }> = {
  operational: { label: 'I drift', color: 'green', description: 'Vaskehallen fungerer som den skal' },
  warning: { label: 'Advarsel', color: 'yellow', description: 'Noe bør sjekkes' },
  error: { label: 'Feil', color: 'red', description: 'Krever umiddelbar handling' },
  inactive: { label: 'Inaktiv', color: 'gray', description: 'Utilgjengelig' },
  maintenance: { label: 'Vedlikehold', color: 'blue', description: 'Under vedlikehold' },
};

/**
 * How a bay's status follows from its attributes (docs/domain.md, Bay status), first that holds wins: an
 * active maintenance beats everything, then any critical attribute, any warning, any inactive/no data.
 */
const BAY_STATUS_PRECEDENCE: readonly BayStatus[] = [
  'maintenance',
  'error',
  'warning',
  'inactive',
  'operational',
];

/** The status that wins among several, by `BAY_STATUS_PRECEDENCE`; `operational` when there are none. */
export function precedingStatus(statuses: Iterable<BayStatus>): BayStatus {
  let best = BAY_STATUS_PRECEDENCE.length - 1;
  for (const status of statuses) best = Math.min(best, BAY_STATUS_PRECEDENCE.indexOf(status));
  return BAY_STATUS_PRECEDENCE[best] ?? 'operational';
}

/** Why a status period began. `manual`: set by hand; the status engine and maintenance add theirs. */
export const BAY_STATUS_CAUSES = {
  created: 'created',
  manual: 'manual',
  /** Derived by the status engine from the bay's attributes after a check (or a push). */
  engine: 'engine',
  /** A maintenance job started on the bay (docs/domain.md, Maintenance). */
  maintenance: 'maintenance',
} as const;

export const statusCountsSchema = z.object({
  operational: z.number().int(),
  warning: z.number().int(),
  error: z.number().int(),
  inactive: z.number().int(),
  maintenance: z.number().int(),
});
export type StatusCounts = z.infer<typeof statusCountsSchema>;

export function emptyStatusCounts(): StatusCounts {
  return { operational: 0, warning: 0, error: 0, inactive: 0, maintenance: 0 };
}

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
