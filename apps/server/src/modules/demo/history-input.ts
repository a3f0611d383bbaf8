import type { BayMetricRule } from '@vaskedrift/shared';
import type { HistoryScript } from './history-script';

/** What the demo history is planned from: the demo as loaded, the script, the people and the retention. */
export type HistoryAttribute = BayMetricRule & {
  id: string;
  series: number;
  displayName: string;
  deadbandPercent: number | null;
};
export type HistoryBay = { id: string; locationId: string; key: string; attributes: HistoryAttribute[] };
export type HistoryLocation = { simulatorId: string; apiKey: number; bays: HistoryBay[] };

export type HistoryInput = {
  now: Date;
  start: Date;
  simulator: { locationCount: number; baysPerLocation: number; seed: number };
  locations: HistoryLocation[];
  script: HistoryScript;
  /** The demo users who take alerts and do the work: the operator on their facilities, else the admin. */
  people: { admin: string; operator: string; operatorLocations: ReadonlySet<number> };
  readings: { heartbeatMs: number; rawHours: number; minuteDays: number };
};
