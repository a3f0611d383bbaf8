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
import { RowIndex } from './row-index';

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

/**
 * A series whose history is being read: the checks' times, values and levels since, learned after it with
 * the rule last seen, so a pending value keeps no check's rule objects alive.
 */
type Pending = { readings: Array<[number, number, AttributeLevel]>; rule: ObservedAttribute['rule'] };

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

/** Rows a block of the table holds: its arrays are allocated once, for all of them. */
const BLOCK_ROWS = 1024;

/* A row's numbers (Float64, NaN: none) and small values (Uint8) in its block. */
const API_KEY = 0;
const PREDICTED_AT = 1;
const CONFIDENCE = 2;
const LOW = 3;
const HIGH = 4;
const LAST_VALUE = 5;
const NOTIFIED_AT = 6;
const STORED_AT = 7;
const STORED_CONFIDENCE = 8;
const STORED_LOW = 9;
const STORED_HIGH = 10;
const SEEN_AT = 11;
const MIN_GAP = 12;
const NUMBERS = 13;

const LEVEL = 0;
const UNUSUAL = 1;
const NOTIFIED = 2;
/** 0: the stored verdict is not known (write); else 1 + its level. */
const STORED_LEVEL = 3;
const STORED_UNUSUAL = 4;
const SMALL = 5;

/** A level as a byte: 0 none, 1 warning, 2 critical. */
const LEVELS = [null, 'warning', 'critical'] as const;
const levelByte = (level: Crossing['level'] | null) => (level === null ? 0 : LEVELS.indexOf(level));
const orNull = (n: number) => (Number.isNaN(n) ? null : n);
const orNaN = (n: number | null) => n ?? Number.NaN;

class Block {
  readonly numbers = new Float64Array(BLOCK_ROWS * NUMBERS);
  readonly small = new Uint8Array(BLOCK_ROWS * SMALL);
  readonly states: Array<SeriesState | undefined> = [];
}

/**
 * The series one foresight keeps (decision 035): per series the model's state and what it said last, in
 * rows of shared typed arrays (blocks of `BLOCK_ROWS`), found by series through a typed hash table
 * (`RowIndex`), so a series costs no object of its own beside the model's. Read and written by row (`rowOf`).
 */
export class SeriesTable {
  private readonly rows = new RowIndex();
  private readonly blocks: Block[] = [];
  private readonly freeRows: number[] = [];
  private used = 0;
  /** Series whose history is being read (`pending`). */
  private readonly pendings = new Map<number, Pending>();

  get size() {
    return this.rows.size;
  }
  rowOf(key: number): number | undefined {
    return this.rows.get(key);
  }
  *states(): Iterable<SeriesState> {
    for (const row of this.rows.values()) yield this.state(row);
  }

  /** A series first seen; with `history` its stored verdict is not known until the history is read. */
  add(key: number, kind: 'gauge' | 'counter', apiKey: number, history: boolean): number {
    let row = this.freeRows.pop();
    if (row === undefined) {
      row = this.used++;
      if (row % BLOCK_ROWS === 0) this.blocks.push(new Block());
    }
    this.rows.set(key, row);
    const block = this.blockOf(row);
    const i = row % BLOCK_ROWS;
    block.states[i] = createSeries(kind);
    block.numbers.fill(Number.NaN, i * NUMBERS, (i + 1) * NUMBERS);
    block.small.fill(0, i * SMALL, (i + 1) * SMALL);
    this.setNum(row, API_KEY, apiKey);
    this.setNum(row, NOTIFIED_AT, Number.NEGATIVE_INFINITY);
    this.setNum(row, MIN_GAP, Number.POSITIVE_INFINITY);
    if (!history) this.setStored(row, NOTHING_STORED);
    return row;
  }

  /** Forgets a series: its model row and its row here are reused. */
  remove(key: number) {
    const row = this.rows.get(key);
    if (row === undefined) return;
    const block = this.blockOf(row);
    block.states[row % BLOCK_ROWS]?.release();
    block.states[row % BLOCK_ROWS] = undefined;
    this.rows.delete(key);
    this.pendings.delete(key);
    this.freeRows.push(row);
  }

  private blockOf(row: number): Block {
    return this.blocks[Math.floor(row / BLOCK_ROWS)] as Block;
  }
  private num(row: number, i: number): number {
    return this.blockOf(row).numbers[(row % BLOCK_ROWS) * NUMBERS + i] as number;
  }
  private setNum(row: number, i: number, value: number) {
    this.blockOf(row).numbers[(row % BLOCK_ROWS) * NUMBERS + i] = value;
  }
  private byte(row: number, i: number): number {
    return this.blockOf(row).small[(row % BLOCK_ROWS) * SMALL + i] as number;
  }
  private setByte(row: number, i: number, value: number) {
    this.blockOf(row).small[(row % BLOCK_ROWS) * SMALL + i] = value;
  }

  state(row: number): SeriesState {
    return this.blockOf(row).states[row % BLOCK_ROWS] as SeriesState;
  }
  apiKey(row: number): number {
    return this.num(row, API_KEY);
  }

  /** The checks' readings kept while the series' history is read (undefined: not being read). */
  pending(key: number): Pending | undefined {
    return this.pendings.get(key);
  }
  startPending(key: number, rule: ObservedAttribute['rule']) {
    this.pendings.set(key, { readings: [], rule });
  }
  endPending(key: number): Pending | undefined {
    const pending = this.pendings.get(key);
    this.pendings.delete(key);
    return pending;
  }

  prediction(row: number): Crossing | null {
    const level = LEVELS[this.byte(row, LEVEL)];
    if (!level) return null;
    return { level, expectedAt: this.num(row, PREDICTED_AT), confidence: this.num(row, CONFIDENCE) };
  }
  setPrediction(row: number, crossing: Crossing | null) {
    this.setByte(row, LEVEL, levelByte(crossing?.level ?? null));
    this.setNum(row, PREDICTED_AT, orNaN(crossing?.expectedAt ?? null));
    this.setNum(row, CONFIDENCE, orNaN(crossing?.confidence ?? null));
  }
  unusual(row: number): boolean {
    return this.byte(row, UNUSUAL) === 1;
  }
  normal(row: number): { low: number; high: number } | null {
    const low = this.num(row, LOW);
    return Number.isNaN(low) ? null : { low, high: this.num(row, HIGH) };
  }
  /** What the series said of its last value: unusual or not, and its normal range. */
  setJudged(row: number, unusual: boolean, normal: { low: number; high: number } | null, value: number) {
    this.setByte(row, UNUSUAL, unusual ? 1 : 0);
    this.setNum(row, LOW, orNaN(normal?.low ?? null));
    this.setNum(row, HIGH, orNaN(normal?.high ?? null));
    this.setNum(row, LAST_VALUE, value);
  }
  /** The last value learned (null: none yet, or the series is gone). */
  lastValueOf(key: number): number | null {
    const row = this.rows.get(key);
    return row === undefined ? null : orNull(this.num(row, LAST_VALUE));
  }

  /** Its prediction stands as a cause of the bay's incident (decision 035); read again after a restart. */
  notified(row: number): boolean {
    return this.byte(row, NOTIFIED) === 1;
  }
  setNotified(row: number, notified: boolean) {
    this.setByte(row, NOTIFIED, notified ? 1 : 0);
  }
  /** When this series last became a cause (ms); a prediction that comes back sooner is not told. */
  notifiedAt(row: number): number {
    return this.num(row, NOTIFIED_AT);
  }
  setNotifiedAt(row: number, atMs: number) {
    this.setNum(row, NOTIFIED_AT, atMs);
  }

  /** The verdict last stored (by this instance, or read with the history); undefined: not known, write. */
  stored(row: number): StoredVerdict | undefined {
    const level = this.byte(row, STORED_LEVEL);
    if (level === 0) return undefined;
    return {
      level: LEVELS[level - 1] ?? null,
      expectedAt: orNull(this.num(row, STORED_AT)),
      confidence: orNull(this.num(row, STORED_CONFIDENCE)),
      unusual: this.byte(row, STORED_UNUSUAL) === 1,
      low: orNull(this.num(row, STORED_LOW)),
      high: orNull(this.num(row, STORED_HIGH)),
    };
  }
  setStored(row: number, verdict: StoredVerdict | undefined) {
    this.setByte(row, STORED_LEVEL, verdict ? 1 + levelByte(verdict.level) : 0);
    this.setByte(row, STORED_UNUSUAL, verdict?.unusual ? 1 : 0);
    this.setNum(row, STORED_AT, orNaN(verdict?.expectedAt ?? null));
    this.setNum(row, STORED_CONFIDENCE, orNaN(verdict?.confidence ?? null));
    this.setNum(row, STORED_LOW, orNaN(verdict?.low ?? null));
    this.setNum(row, STORED_HIGH, orNaN(verdict?.high ?? null));
  }

  /** When this instance last learned a value of the series, and the shortest time between two (ms). */
  seenAt(row: number): number {
    return this.num(row, SEEN_AT);
  }
  minGap(row: number): number {
    return this.num(row, MIN_GAP);
  }
  setSeen(row: number, atMs: number, minGap: number) {
    this.setNum(row, SEEN_AT, atMs);
    this.setNum(row, MIN_GAP, minGap);
  }
}

/** A crossing as events and views tell it (the expected time as ISO text). */
export function viewOf(crossing: Crossing) {
  return {
    level: crossing.level,
    expectedAt: new Date(crossing.expectedAt).toISOString(),
    confidence: crossing.confidence,
  };
}
