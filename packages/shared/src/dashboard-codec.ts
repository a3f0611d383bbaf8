import { BAY_STATUS_CODES, BAY_STATUSES, type BayStatus, emptyStatusCounts, UUID_HEX } from './bay-status';
import type { Dashboard, DashboardBayTuple, DashboardCounts, DashboardWire } from './dashboard';

/*
 * The dashboard's answer as the browser decodes and counts it, without zod: the first page's file holds no
 * schema (decision 040). The schemas of the answer are in dashboard.ts.
 */

/** The dashboard polls this often while the live channel is not connected (apps/web lib/realtime). */
export const DASHBOARD_REFRESH_MS = 30_000;

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

const STATUS_BY_CODE = new Map<string, BayStatus>(
  Object.entries(BAY_STATUS_CODES).map(([status, code]) => [code, status as BayStatus]),
);

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
