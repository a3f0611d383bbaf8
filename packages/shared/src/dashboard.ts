import { z } from 'zod';
import { STATUS_CODES_PATTERN, UUID_HEX } from './bay-status';
import { bayStatusSchema, statusCountsSchema } from './bays';

export const dashboardRequestSchema = z.object({
  /** Only these facilities; ids one may not see are ignored. Left out: every facility. */
  locationIds: z
    .array(z.uuid({ error: 'Ugyldig id' }), { error: 'locationIds må være en liste med id-er' })
    .max(1000)
    .optional(),
});

/**
 * One bay as a tuple `[id, name, status, statusChangedAt (epoch ms), muted, monitored]`. `muted`: its
 * notifications are muted now, the bay's own or its facility's ('Demp varsler'). `monitored`: false shows
 * 'Ikke overvåket' (docs/domain.md, Statistics, Monitored).
 */
const dashboardBaySchema = z.tuple([
  z.string(),
  z.string(),
  bayStatusSchema,
  z.number(),
  z.boolean(),
  z.boolean(),
]);
export type DashboardBayTuple = z.infer<typeof dashboardBaySchema>;

const dashboardLocationSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Ordered by the bays' sort order. */
  bays: z.array(dashboardBaySchema),
});

const dashboardCountsSchema = statusCountsSchema.extend({
  total: z.number().int(),
  /** Of the total, the bays not monitored ('Ikke overvåket'); they are counted in their status too. */
  unmonitored: z.number().int(),
  /** The same bays not monitored, per the status they are counted in. */
  unmonitoredByStatus: statusCountsSchema,
});
export type DashboardCounts = z.infer<typeof dashboardCountsSchema>;

/**
 * The dashboard as the browser holds it (`decodeDashboard` of the answer): each facility's bays as
 * tuples, `statusChangedAt` in epoch ms.
 */
const dashboardSchema = z.object({
  /** Bays per status across the facilities shown, and their total. */
  counts: dashboardCountsSchema,
  /** Facilities shown on the dashboard that the caller may see, by name. */
  locations: z.array(dashboardLocationSchema),
  /**
   * The live channel's `seq` when the answer was read (realtime.ts): the changes it may miss come after it,
   * so the browser resumes from here once the answer is in.
   */
  seq: z.number().int().min(0),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/**
 * One facility in the answer of `POST dashboard/get`, column by column: 10,000 bays as an object or a
 * tuple each were about 86 bytes a bay, most of it keys, quotes and the hyphenated UUID; as columns the
 * answer is a third smaller before compression and compresses better (decision 021).
 */
export const dashboardWireLocationSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** The bays' ids, each as its 32 hex digits without hyphens, one after the other. */
    bayIds: z.string().regex(/^(?:[0-9a-f]{32})*$/),
    bayNames: z.array(z.string()),
    /** One letter per bay (`BAY_STATUS_CODES`). */
    statuses: z.string().regex(STATUS_CODES_PATTERN),
    /** Since when each bay has its status, in epoch seconds. */
    since: z.array(z.number().int()),
    /** Positions of the bays whose notifications are muted now. */
    muted: z.array(z.number().int().min(0)),
    /** Positions of the bays not monitored now ('Ikke overvåket'). */
    unmonitored: z.array(z.number().int().min(0)),
  })
  .refine(
    (location) => {
      const count = location.bayNames.length;
      return (
        location.bayIds.length === count * UUID_HEX &&
        location.statuses.length === count &&
        location.since.length === count &&
        location.muted.every((index) => index < count) &&
        location.unmonitored.every((index) => index < count)
      );
    },
    { error: 'Kolonnene har ulik lengde' },
  );

/** The answer of `POST dashboard/get`: as `dashboardSchema`, each facility's bays in columns. */
export const dashboardWireSchema = z.object({
  counts: dashboardCountsSchema,
  locations: z.array(dashboardWireLocationSchema),
  seq: z.number().int().min(0),
});
export type DashboardWire = z.infer<typeof dashboardWireSchema>;
