import {
  type AttributeLevel,
  type AttributeValue,
  type Crossing,
  createSeries,
  type Operator,
  type SeriesState,
  type ValueType,
} from '@vaskedrift/shared';
import type { StoredVerdict } from './foresight.repository';

/** What a check read of one attribute: its rule (as the engine has it) and the value and level found. */
export type ObservedAttribute = {
  rule: {
    series: number;
    type: ValueType | 'counter';
    operator: Operator;
    thresholdWarning: string;
    thresholdCritical: string;
    /** Present when the engine read the full rule (not a quiet check): names for events without a query. */
    id?: string;
    bayId?: string;
    bayName?: string;
    locationId?: string;
    locationName?: string;
    displayName?: string;
    unit?: string | null;
    /**
     * When the attribute's reading was last stored, before this check. Null: it has never stored one, so
     * it has no history to rebuild (a bay just added); absent: not known, the history is read.
     */
    storedAt?: Date | null;
  };
  level: AttributeLevel;
  value: AttributeValue | null;
};

/** One series the instance keeps: the model's state and what it said last. */
export type Entry = {
  state: SeriesState;
  apiKey: number;
  /**
   * While the history is being read: the checks' times, values and levels since, learned after it with
   * the rule last seen (`rule`), so a pending value keeps no check's rule objects alive.
   */
  pending: Array<[number, number, AttributeLevel]> | null;
  rule: ObservedAttribute['rule'] | null;
  prediction: Crossing | null;
  unusual: boolean;
  normal: { low: number; high: number } | null;
  lastValue: number | null;
  /** Its prediction stands as a cause of the bay's incident (decision 035); read again after a restart. */
  notified: boolean;
  /** When this series last became a cause (ms); a prediction that comes back sooner is not told. */
  notifiedAt: number;
  /** The verdict last stored (by this instance, or read with the history); undefined: not known, write. */
  stored: StoredVerdict | undefined;
  /** When this instance last learned a value of the series, and the shortest time between two (ms). */
  seenAt: number;
  minGap: number;
};

/** The foresight's counters, shared by its parts (`stats()` reports them). */
export type ForesightStats = {
  observed: number;
  rebuilt: number;
  predictionsChanged: number;
  notified: number;
  errors: number;
  verdictsWritten: number;
  verdictWrites: number;
};

/** No row: nothing predicted, nothing unusual, no normal range yet. */
export const NOTHING_STORED: StoredVerdict = {
  level: null,
  expectedAt: null,
  confidence: null,
  unusual: false,
  low: null,
  high: null,
};

/** A series first seen; with `history` its stored verdict is not known until the history is read. */
export function newEntry(kind: 'gauge' | 'counter', apiKey: number, history: boolean): Entry {
  return {
    state: createSeries(kind),
    apiKey,
    pending: null,
    rule: null,
    prediction: null,
    unusual: false,
    normal: null,
    lastValue: null,
    notified: false,
    notifiedAt: Number.NEGATIVE_INFINITY,
    stored: history ? undefined : NOTHING_STORED,
    seenAt: Number.NaN,
    minGap: Number.POSITIVE_INFINITY,
  };
}

/** A crossing as events and views tell it (the expected time as ISO text). */
export function viewOf(crossing: Crossing) {
  return {
    level: crossing.level,
    expectedAt: new Date(crossing.expectedAt).toISOString(),
    confidence: crossing.confidence,
  };
}
