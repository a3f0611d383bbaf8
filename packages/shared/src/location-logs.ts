import { z } from 'zod';
import { idSchema, listQuerySchema, listResponse } from './api';
import { logUserSchema } from './logs';

/** The two sources of a facility's log: audit entries (`logs`) and failed checks (`api_check_logs`). */
const LOCATION_LOG_KINDS = ['audit', 'check'] as const;
export type LocationLogKind = (typeof LOCATION_LOG_KINDS)[number];

/** The type a failed check has in the facility's log (the check log has no type of its own). */
export const CHECK_FAILURE_LOG_TYPE = 'apis/check/failed';

const LOCATION_LOG_MESSAGES = {
  kindInvalid: 'Ukjent loggkilde',
  dateInvalid: 'Ugyldig tidspunkt',
  periodInvalid: 'Fra-tidspunktet må være før til-tidspunktet',
  sortInvalid: 'Loggen kan bare sorteres etter tid',
} as const;

const dateTime = z.iso.datetime({ offset: true, error: LOCATION_LOG_MESSAGES.dateInvalid });

const locationLogFiltersSchema = z
  .object({
    kind: z.enum(LOCATION_LOG_KINDS, { error: LOCATION_LOG_MESSAGES.kindInvalid }).optional(),
    type: z.string().trim().max(100).optional(),
    bayId: idSchema.optional(),
    from: dateTime.optional(),
    to: dateTime.optional(),
  })
  .refine((f) => !f.from || !f.to || Date.parse(f.from) < Date.parse(f.to), {
    message: LOCATION_LOG_MESSAGES.periodInvalid,
    path: ['to'],
  });
export type LocationLogFilters = z.infer<typeof locationLogFiltersSchema>;

/**
 * `POST backend/locations/logs/get`: a page of one facility's log, newest first (or oldest first with
 * `sort: {column: 'at', direction: 'asc'}`). `search` looks in the type, the names in the entry, who did it
 * and a failed check's reason.
 */
export const locationLogsGetSchema = listQuerySchema.extend({
  locationId: idSchema,
  sort: z
    .object({
      column: z.literal('at', { error: LOCATION_LOG_MESSAGES.sortInvalid }),
      direction: z.enum(['asc', 'desc']).default('desc'),
    })
    .optional(),
  filters: locationLogFiltersSchema.optional(),
});
export type LocationLogsGetInput = z.infer<typeof locationLogsGetSchema>;

const locationLogEntrySchema = z.object({
  /** `audit:<logs.id>` or `check:<api_check_logs.id>`: unique across both sources. */
  id: z.string(),
  kind: z.enum(LOCATION_LOG_KINDS),
  type: z.string(),
  at: z.string(),
  /** Who did it; null for the server itself, a deleted user and every failed check. */
  user: logUserSchema.nullable(),
  bayId: z.string().nullable(),
  bayName: z.string().nullable(),
  /** The API of a failed check. */
  apiId: z.string().nullable(),
  apiName: z.string().nullable(),
  resourceType: z.string().nullable(),
  /** What the audit entry recorded (names, changed fields), or a failed check's reason and HTTP status. */
  extraData: z.record(z.string(), z.unknown()).nullable(),
});
export type LocationLogEntry = z.infer<typeof locationLogEntrySchema>;

export const locationLogsResponseSchema = listResponse(locationLogEntrySchema);
