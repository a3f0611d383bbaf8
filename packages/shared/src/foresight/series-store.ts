/*
 * Where the foresight model's series live (docs/domain.md, Foresight; decision 035): every series' week
 * profile and numbers in a few large shared typed arrays (blocks of `BLOCK_SERIES` series), and per series
 * one small object naming its row. A series is then its 840 bytes of profile and 96 of numbers: no typed
 * array views, buffers or boxed numbers of its own (before: about 1.3 KB of heap a series). The model's
 * arithmetic is unchanged: Float32 centres and spreads, Uint16 counts, Float64 numbers, as before.
 */

/** Two-hour slots of the week. */
export const SLOT_COUNT = 84;
/** Series a block holds: its arrays are allocated once, for all of them. */
const BLOCK_SERIES = 1024;

/** The series' numbers, in its row of `Block.numbers`. */
const ORIGIN = 0;
const LAST_AT = 1;
const LAST_VALUE = 2;
const MEAN_GAP = 3;
const RESOLUTION = 4;
const W = 5;
const W2 = 6;
const MT = 7;
const MY = 8;
const CTT = 9;
const CTY = 10;
const CYY = 11;
const NUMBERS = 12;

export type SeriesKind = 'gauge' | 'counter';

class Block {
  readonly centre = new Float32Array(BLOCK_SERIES * SLOT_COUNT);
  readonly spread = new Float32Array(BLOCK_SERIES * SLOT_COUNT);
  readonly count = new Uint16Array(BLOCK_SERIES * SLOT_COUNT);
  readonly numbers = new Float64Array(BLOCK_SERIES * NUMBERS);
  used = 0;
}

const blocks: Block[] = [];
/** Rows given back (`releaseSeries`), reused before a new one: [block, row]. */
const freeRows: Array<[Block, number]> = [];

/**
 * One series: its kind and its row in a block. The numbers read and write the block; the profile is read
 * and written per slot (`centreAt`, `setSlot`, …). `centre`, `spread` and `count` are copies' views for
 * the JSON form and tests (each read makes one).
 */
export class SeriesState {
  readonly kind: SeriesKind;
  private readonly block: Block;
  /** Where its profile and its numbers start in the block's arrays. */
  private readonly p: number;
  private readonly n: number;

  constructor(kind: SeriesKind, block: Block, row: number) {
    this.kind = kind;
    this.block = block;
    this.p = row * SLOT_COUNT;
    this.n = row * NUMBERS;
  }

  private get(i: number): number {
    return this.block.numbers[this.n + i] as number;
  }
  private set(i: number, value: number) {
    this.block.numbers[this.n + i] = value;
  }

  /** The trend's origin (ms); times inside are hours from it. */
  get originMs() {
    return this.get(ORIGIN);
  }
  set originMs(v) {
    this.set(ORIGIN, v);
  }
  get lastAtMs() {
    return this.get(LAST_AT);
  }
  set lastAtMs(v) {
    this.set(LAST_AT, v);
  }
  /** The last raw value (a counter's rate needs it). */
  get lastValue() {
    return this.get(LAST_VALUE);
  }
  set lastValue(v) {
    this.set(LAST_VALUE, v);
  }
  /** Average time between readings (ms), for the slots' memory. */
  get meanGapMs() {
    return this.get(MEAN_GAP);
  }
  set meanGapMs(v) {
    this.set(MEAN_GAP, v);
  }
  /** The smallest non-zero change between two readings seen: the sensor's resolution, about (NaN before one). */
  get resolution() {
    return this.get(RESOLUTION);
  }
  set resolution(v) {
    this.set(RESOLUTION, v);
  }
  /** Trend: sum of weights, of squared weights, weighted means of time (h) and value, co-moments. */
  get w() {
    return this.get(W);
  }
  set w(v) {
    this.set(W, v);
  }
  get w2() {
    return this.get(W2);
  }
  set w2(v) {
    this.set(W2, v);
  }
  get mt() {
    return this.get(MT);
  }
  set mt(v) {
    this.set(MT, v);
  }
  get my() {
    return this.get(MY);
  }
  set my(v) {
    this.set(MY, v);
  }
  get ctt() {
    return this.get(CTT);
  }
  set ctt(v) {
    this.set(CTT, v);
  }
  get cty() {
    return this.get(CTY);
  }
  set cty(v) {
    this.set(CTY, v);
  }
  get cyy() {
    return this.get(CYY);
  }
  set cyy(v) {
    this.set(CYY, v);
  }

  /** Per slot: the robust centre, the spread (average absolute deviation), readings learned (≤ 65 535). */
  centreAt(slot: number): number {
    return this.block.centre[this.p + slot] as number;
  }
  spreadAt(slot: number): number {
    return this.block.spread[this.p + slot] as number;
  }
  countAt(slot: number): number {
    return this.block.count[this.p + slot] as number;
  }
  setSlot(slot: number, centre: number, spread: number, count: number) {
    this.block.centre[this.p + slot] = centre;
    this.block.spread[this.p + slot] = spread;
    this.block.count[this.p + slot] = count;
  }

  get centre(): Float32Array {
    return this.block.centre.subarray(this.p, this.p + SLOT_COUNT);
  }
  get spread(): Float32Array {
    return this.block.spread.subarray(this.p, this.p + SLOT_COUNT);
  }
  get count(): Uint16Array {
    return this.block.count.subarray(this.p, this.p + SLOT_COUNT);
  }

  /** Forgets the trend (a step, or a series' start). */
  resetTrend() {
    for (const i of [W, W2, MT, MY, CTT, CTY, CYY]) this.set(i, 0);
  }

  /** Gives its row back to be reused: the series must not be used after. */
  release() {
    freeRows.push([this.block, this.p / SLOT_COUNT]);
  }

  /** Empties its row: a new series. */
  clear() {
    this.block.centre.fill(0, this.p, this.p + SLOT_COUNT);
    this.block.spread.fill(0, this.p, this.p + SLOT_COUNT);
    this.block.count.fill(0, this.p, this.p + SLOT_COUNT);
    for (const i of [ORIGIN, LAST_AT, LAST_VALUE, MEAN_GAP, RESOLUTION]) this.set(i, Number.NaN);
    this.resetTrend();
  }
}

/** A new, empty series in a free row (a block is added when every row is taken). */
export function createSeries(kind: SeriesKind = 'gauge'): SeriesState {
  const reused = freeRows.pop();
  let block = reused?.[0];
  let row = reused?.[1];
  if (!block || row === undefined) {
    block = blocks.at(-1);
    if (!block || block.used === BLOCK_SERIES) {
      block = new Block();
      blocks.push(block);
    }
    row = block.used++;
  }
  const state = new SeriesState(kind, block, row);
  state.clear();
  return state;
}

/** Bytes a series takes in memory, about: its profile and numbers in their block (decision 035). */
export function seriesBytes(_state: SeriesState): number {
  return SLOT_COUNT * (4 + 4 + 2) + NUMBERS * 8;
}

/** A series as plain JSON (to store, or to compare). */
export type SeriesJson = {
  kind: SeriesKind;
  centre: number[];
  spread: number[];
  count: number[];
  originMs: number;
  lastAtMs: number;
  lastValue: number;
  meanGapMs: number;
  resolution: number;
  w: number;
  w2: number;
  mt: number;
  my: number;
  ctt: number;
  cty: number;
  cyy: number;
};

const NUMBER_FIELDS = [
  'originMs',
  'lastAtMs',
  'lastValue',
  'meanGapMs',
  'resolution',
  'w',
  'w2',
  'mt',
  'my',
  'ctt',
  'cty',
  'cyy',
] as const;

export function seriesToJson(state: SeriesState): SeriesJson {
  // Float32 values written with the 7 digits they hold ('3.1', not '3.0999999046325684').
  const short = (values: Float32Array) => Array.from(values, (v) => Number(v.toPrecision(7)));
  const json = {
    kind: state.kind,
    centre: short(state.centre),
    spread: short(state.spread),
    count: Array.from(state.count),
  } as SeriesJson;
  for (const field of NUMBER_FIELDS) json[field] = state[field];
  return json;
}

export function seriesFromJson(json: SeriesJson): SeriesState {
  const state = createSeries(json.kind);
  for (let slot = 0; slot < SLOT_COUNT; slot++)
    state.setSlot(slot, json.centre[slot] ?? 0, json.spread[slot] ?? 0, json.count[slot] ?? 0);
  /* JSON has no NaN: a number not known yet (null) is NaN again, as a state written before the resolution
   * was learned learns it anew. */
  for (const field of NUMBER_FIELDS) state[field] = json[field] ?? Number.NaN;
  return state;
}
