import { z } from 'zod';
import { BAY_STATUSES, type BayStatus, bayStatusSchema, emptyStatusCounts, statusCountsSchema } from './bays';

/** The dashboard polls this often while the live channel is not connected (apps/web lib/realtime). */
export const DASHBOARD_REFRESH_MS = 30_000;

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

export type DashboardBay = {
  id: string;
  name: string;
  status: BayStatus;
  statusChangedAt: Date;
  muted: boolean;
  monitored: boolean;
};

/** The tuple as an object, for code that prefers names. */
export function dashboardBayFromTuple([
  id,
  name,
  status,
  changedAt,
  muted,
  monitored,
]: DashboardBayTuple): DashboardBay {
  return { id, name, status, statusChangedAt: new Date(changedAt), muted, monitored };
}

/** Guards a status decoded from elsewhere (a realtime payload) before it colours a tile. */
export function isBayStatus(value: unknown): value is BayStatus {
  return typeof value === 'string' && (BAY_STATUSES as readonly string[]).includes(value);
}

/** One letter per status in the answer's `statuses` strings. */
const BAY_STATUS_CODES = {
  operational: 'o',
  warning: 'w',
  error: 'e',
  inactive: 'i',
  maintenance: 'm',
} as const satisfies Record<BayStatus, string>;

const STATUS_BY_CODE = new Map<string, BayStatus>(
  Object.entries(BAY_STATUS_CODES).map(([status, code]) => [code, status as BayStatus]),
);
const STATUS_CODES_PATTERN = new RegExp(`^[${Object.values(BAY_STATUS_CODES).join('')}]*$`);
const UUID_HEX = 32;

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

/**
 * Bays per status over the facilities given, their total, and those not monitored, in all and per status
 * (docs/domain.md, Numbers). The server counts the facilities it answers, the browser those a filter shows.
 */
export function countDashboardBays(
  locations: readonly { bays: readonly DashboardBayTuple[] }[],
): DashboardCounts {
  const counts = emptyStatusCounts();
  const unmonitoredByStatus = emptyStatusCounts();
  let total = 0;
  let unmonitored = 0;
  for (const location of locations) {
    for (const [, , status, , , monitored] of location.bays) {
      counts[status] += 1;
      total += 1;
      if (!monitored) {
        unmonitored += 1;
        unmonitoredByStatus[status] += 1;
      }
    }
  }
  return { ...counts, total, unmonitored, unmonitoredByStatus };
}

const hyphenated = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/** The dashboard as sent: each facility's bays in columns, times in whole seconds. */
export function encodeDashboard(dashboard: Dashboard): DashboardWire {
  return {
    counts: dashboard.counts,
    seq: dashboard.seq,
    locations: dashboard.locations.map((location) => {
      const muted: number[] = [];
      const unmonitored: number[] = [];
      let bayIds = '';
      let statuses = '';
      location.bays.forEach(([id, , status, , isMuted, monitored], index) => {
        bayIds += id.replaceAll('-', '').toLowerCase();
        statuses += BAY_STATUS_CODES[status];
        if (isMuted) muted.push(index);
        if (!monitored) unmonitored.push(index);
      });
      return {
        id: location.id,
        name: location.name,
        bayIds,
        bayNames: location.bays.map((bay) => bay[1]),
        statuses,
        since: location.bays.map((bay) => Math.floor(bay[3] / 1000)),
        muted,
        unmonitored,
      };
    }),
  };
}

/** The answer back as the dashboard the browser holds: `decodeDashboard(encodeDashboard(d))` is `d` to the second. */
export function decodeDashboard(wire: DashboardWire): Dashboard {
  return {
    counts: wire.counts,
    seq: wire.seq,
    locations: wire.locations.map((location) => {
      const muted = new Set(location.muted);
      const unmonitored = new Set(location.unmonitored);
      return {
        id: location.id,
        name: location.name,
        bays: location.bayNames.map((name, index): DashboardBayTuple => {
          const status = STATUS_BY_CODE.get(location.statuses[index] ?? '') ?? 'inactive';
          return [
            hyphenated(location.bayIds.slice(index * UUID_HEX, (index + 1) * UUID_HEX)),
            name,
            status,
            (location.since[index] ?? 0) * 1000,
            muted.has(index),
            !unmonitored.has(index),
          ];
        }),
      };
    }),
  };
}
