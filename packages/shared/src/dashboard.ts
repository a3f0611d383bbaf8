import { z } from 'zod';
import { BAY_STATUSES, type BayStatus, bayStatusSchema, statusCountsSchema } from './bays';

/** The dashboard polls this often while the live channel is not connected (apps/web lib/realtime). */
export const DASHBOARD_REFRESH_MS = 30_000;

export const dashboardRequestSchema = z.object({
  /** Only these facilities; ids one may not see are ignored. Left out: every facility. */
  locationIds: z
    .array(z.uuid({ error: 'Ugyldig id' }), { error: 'locationIds må være en liste med id-er' })
    .max(1000)
    .optional(),
});
export type DashboardRequest = z.input<typeof dashboardRequestSchema>;

/**
 * One bay as a tuple `[id, name, status, statusChangedAt (epoch ms), muted]`: with 10,000 bays, keys
 * repeated on every bay would be a third of the response. `muted`: its notifications are muted now, the
 * bay's own or its facility's ('Demp varsler').
 */
export const dashboardBaySchema = z.tuple([z.string(), z.string(), bayStatusSchema, z.number(), z.boolean()]);
export type DashboardBayTuple = z.infer<typeof dashboardBaySchema>;

export const dashboardLocationSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Ordered by the bays' sort order. */
  bays: z.array(dashboardBaySchema),
});

export const dashboardSchema = z.object({
  /** Bays per status across the facilities shown, and their total. */
  counts: statusCountsSchema.extend({ total: z.number().int() }),
  /** Facilities shown on the dashboard that the caller may see, by name. */
  locations: z.array(dashboardLocationSchema),
  /**
   * The live channel's `seq` when the answer was read (realtime.ts): the changes it may miss come after it,
   * so the browser resumes from here once the answer is in.
   */
  seq: z.number().int().min(0),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export type DashboardBay = {
  id: string;
  name: string;
  status: BayStatus;
  statusChangedAt: Date;
  muted: boolean;
};

/** The tuple as an object, for code that prefers names. */
export function dashboardBayFromTuple([id, name, status, changedAt, muted]: DashboardBayTuple): DashboardBay {
  return { id, name, status, statusChangedAt: new Date(changedAt), muted };
}

/** Guards a status decoded from elsewhere (a realtime payload) before it colours a tile. */
export function isBayStatus(value: unknown): value is BayStatus {
  return typeof value === 'string' && (BAY_STATUSES as readonly string[]).includes(value);
}
