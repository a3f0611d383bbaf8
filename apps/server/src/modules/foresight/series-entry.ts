import {
  type AttributeLevel,
  type AttributeValue,
  type Crossing,
  type Operator,
  type SeriesState,
  SeriesStore,
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
  /** Series let go because their API is another instance's now (decision 041, `forgetApis`). */
  released: number;
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
const BLOCK_ROWS = 256;

/*
 * A row's times and stored bounds (Float64, NaN: none) in its block; its other values in arrays of their
 * width. What a value was judged (unusual, normal range) is not kept: it goes straight to the verdict.
 */
const STORED_AT = 0;
const STORED_LOW = 1;
const STORED_HIGH = 2;
const VERDICT_AT = 3;
const NUMBERS = 4;

/** The level predicted now (a byte, `levelByte`); its time and confidence go straight into the verdict. */
const LEVEL = 0;
const NOTIFIED = 1;
/** 0: the stored verdict is not known (write); else 1 + its level. */
const STORED_LEVEL = 2;
const STORED_UNUSUAL = 3;
/** The stored confidence in hundredths (confidences are rounded so), `NO_CONFIDENCE`: none. */
const STORED_CONFIDENCE = 4;
/** 1: its stored verdict is waiting to be written (`queue`). */
const QUEUED = 5;
const SMALL = 6;
const NO_CONFIDENCE = 255;

/** A level as a byte: 0 none, 1 warning, 2 critical. */
const LEVELS = [null, 'warning', 'critical'] as const;
const levelByte = (level: Crossing['level'] | null) => (level === null ? 0 : LEVELS.indexOf(level));
const orNull = (n: number) => (Number.isNaN(n) ? null : n);
const orNaN = (n: number | null) => n ?? Number.NaN;
const confidenceByte = (c: number | null) =>
  c === null || Number.isNaN(c) ? NO_CONFIDENCE : Math.round(c * 100);
const confidenceOf = (byte: number) => (byte === NO_CONFIDENCE ? null : byte / 100);

class Block {
  readonly numbers = new Float64Array(BLOCK_ROWS * NUMBERS);
  readonly small = new Uint8Array(BLOCK_ROWS * SMALL);
  readonly apiKeys = new Int32Array(BLOCK_ROWS);
  /** The shortest time between two values the series learned (ms; Infinity before two). */
  readonly minGaps = new Float32Array(BLOCK_ROWS);
  /** When the series last became a cause: epoch seconds, rounded up (0: never). */
  readonly notifiedAt = new Uint32Array(BLOCK_ROWS);
  /** The attribute's id (a UUID) as 16 bytes, all 0 while not known: its series are found by it. */
  readonly attributes = new Uint8Array(BLOCK_ROWS * ID_BYTES);
}

const ID_BYTES = 16;
/** A UUID's 16 bytes, or undefined when the text is not one. */
function idBytes(id: string): Uint8Array | undefined {
  const hex = id.replaceAll('-', '');
  if (!/^[0-9a-f]{32}$/i.test(hex)) return undefined;
  return Buffer.from(hex, 'hex');
}

/**
 * The series one foresight keeps (decision 035): per series the model's state (a row of its own
 * `SeriesStore`) and what it said last, in the same row of shared typed arrays (blocks of `BLOCK_ROWS`),
 * found by series through a typed hash table (`RowIndex`), so a series costs no object at all. Read and
 * written by row (`rowOf`); `state(row)` is a view of the model's row, made when asked.
 */
export class SeriesTable {
  private readonly rows = new RowIndex();
  private readonly models = new SeriesStore();
  private readonly blocks: Block[] = [];
  /** Series whose history is being read (`pending`). */
  private readonly pendings = new Map<number, Pending>();

  get size() {
    return this.rows.size;
  }
  rowOf(key: number): number | undefined {
    return this.rows.get(key);
  }

  /** A series first seen; with `history` its stored verdict is not known until the history is read. */
  add(key: number, kind: 'gauge' | 'counter', apiKey: number, history: boolean): number {
    const row = this.models.add(kind);
    while (this.blocks.length * BLOCK_ROWS <= row) this.blocks.push(new Block());
    this.rows.set(key, row);
    const block = this.blockOf(row);
    const i = row % BLOCK_ROWS;
    block.numbers.fill(Number.NaN, i * NUMBERS, (i + 1) * NUMBERS);
    block.small.fill(0, i * SMALL, (i + 1) * SMALL);
    block.apiKeys[i] = apiKey;
    block.minGaps[i] = Number.POSITIVE_INFINITY;
    block.attributes.fill(0, i * ID_BYTES, (i + 1) * ID_BYTES);
    block.notifiedAt[i] = 0;
    this.setStored(row, history ? undefined : NOTHING_STORED);
    return row;
  }

  /** Forgets a series: its row here and in the model is reused. */
  remove(key: number) {
    const row = this.rows.get(key);
    if (row === undefined) return;
    this.models.remove(row);
    this.rows.delete(key);
    this.pendings.delete(key);
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

  /** The model's series in the row (a view made on each call: keep it no longer than it is used). */
  state(row: number): SeriesState {
    return this.models.state(row);
  }
  apiKey(row: number): number {
    return this.blockOf(row).apiKeys[row % BLOCK_ROWS] as number;
  }

  /** Whether the series' attribute id is noted (`setAttribute`). */
  hasAttribute(row: number): boolean {
    const { attributes } = this.blockOf(row);
    const at = (row % BLOCK_ROWS) * ID_BYTES;
    for (let i = at; i < at + ID_BYTES; i++) if (attributes[i] !== 0) return true;
    return false;
  }
  /** Notes the series' attribute id (from a full check's rule, or read with its names). */
  setAttribute(row: number, bayMetricId: string) {
    const bytes = idBytes(bayMetricId);
    if (bytes) this.blockOf(row).attributes.set(bytes, (row % BLOCK_ROWS) * ID_BYTES);
  }
  /** The series of an attribute whose id is noted (a walk over every series: attributes are deleted seldom). */
  keysOfAttribute(bayMetricId: string): number[] {
    const bytes = idBytes(bayMetricId);
    if (!bytes) return [];
    const keys: number[] = [];
    for (const [key, row] of this.rows.entries()) {
      const { attributes } = this.blockOf(row);
      const at = (row % BLOCK_ROWS) * ID_BYTES;
      if (bytes.every((byte, i) => attributes[at + i] === byte)) keys.push(key);
    }
    return keys;
  }

  /** The series of these APIs (a walk over every series: done when an instance lets APIs go). */
  keysOfApis(apiKeys: ReadonlySet<number>): number[] {
    const keys: number[] = [];
    for (const [key, row] of this.rows.entries()) if (apiKeys.has(this.apiKey(row))) keys.push(key);
    return keys;
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

  /** The level the series predicts now (null: none). */
  predictedLevel(row: number): Crossing['level'] | null {
    return LEVELS[this.byte(row, LEVEL)] ?? null;
  }
  setPredictedLevel(row: number, level: Crossing['level'] | null) {
    this.setByte(row, LEVEL, levelByte(level));
  }
  /** The last value learned (null: none yet, or the series is gone). */
  lastValueOf(key: number): number | null {
    const row = this.rows.get(key);
    return row === undefined ? null : orNull(this.state(row).lastValue);
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
    const seconds = this.blockOf(row).notifiedAt[row % BLOCK_ROWS] as number;
    return seconds === 0 ? Number.NEGATIVE_INFINITY : seconds * 1000;
  }
  /** Kept in whole seconds, rounded up: a prediction waits up to a second longer to be told again. */
  setNotifiedAt(row: number, atMs: number) {
    this.blockOf(row).notifiedAt[row % BLOCK_ROWS] = Math.ceil(atMs / 1000);
  }

  /** The verdict last stored (by this instance, or read with the history); undefined: not known, write. */
  stored(row: number): StoredVerdict | undefined {
    const level = this.byte(row, STORED_LEVEL);
    if (level === 0) return undefined;
    return {
      level: LEVELS[level - 1] ?? null,
      expectedAt: orNull(this.num(row, STORED_AT)),
      confidence: confidenceOf(this.byte(row, STORED_CONFIDENCE)),
      unusual: this.byte(row, STORED_UNUSUAL) === 1,
      low: orNull(this.num(row, STORED_LOW)),
      high: orNull(this.num(row, STORED_HIGH)),
    };
  }
  setStored(row: number, verdict: StoredVerdict | undefined) {
    this.setByte(row, STORED_LEVEL, verdict ? 1 + levelByte(verdict.level) : 0);
    this.setByte(row, STORED_UNUSUAL, verdict?.unusual ? 1 : 0);
    this.setNum(row, STORED_AT, orNaN(verdict?.expectedAt ?? null));
    this.setByte(row, STORED_CONFIDENCE, confidenceByte(verdict?.confidence ?? null));
    this.setNum(row, STORED_LOW, orNaN(verdict?.low ?? null));
    this.setNum(row, STORED_HIGH, orNaN(verdict?.high ?? null));
  }

  /** Its stored verdict waits to be written, as of the check at `atMs` (a later one replaces it). */
  queued(row: number): boolean {
    return this.byte(row, QUEUED) === 1;
  }
  setQueued(row: number, queued: boolean, atMs?: number) {
    this.setByte(row, QUEUED, queued ? 1 : 0);
    if (atMs !== undefined) this.setNum(row, VERDICT_AT, atMs);
  }
  /** The time of the check whose verdict is stored (queued to be written). */
  verdictAt(row: number): number {
    return this.num(row, VERDICT_AT);
  }

  /** The shortest time between two values the series learned (ms). */
  minGap(row: number): number {
    return this.blockOf(row).minGaps[row % BLOCK_ROWS] as number;
  }
  setMinGap(row: number, minGap: number) {
    this.blockOf(row).minGaps[row % BLOCK_ROWS] = minGap;
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
