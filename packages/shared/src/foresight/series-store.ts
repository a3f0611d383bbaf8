/*
 * Where the foresight model's series live (docs/domain.md, Foresight; decisions 035 and 037): every series'
 * week profile and numbers in a few large shared typed arrays (blocks of `BLOCK_SERIES` rows) of a
 * `SeriesStore`, addressed by row. A series is then its 777 bytes of profile, 88 of numbers and its kind:
 * no typed array views, buffers or boxed numbers of its own. The server's store hands out rows and makes a
 * `SeriesState` (a short-lived view of one row) when it learns, so a series there has no object at all;
 * `createSeries` gives a view that keeps its row of the default store (the bench, the tests).
 * The arithmetic: Float32 centres and spreads, Float64 numbers but for the mean gap and the resolution
 * (Float32), and per slot a count of readings learned in 10 bits (four slots' counts in five bytes), up to
 * `COUNT_LIMIT` (decision 037, series size).
 */

/** Two-hour slots of the week. */
export const SLOT_COUNT = 84;
/** The most readings a slot's count holds; a count that reached it stands for 'at least this many'. */
export const COUNT_LIMIT = 1023;
/** Rows a block holds: its arrays are allocated once, for all of them. */
const BLOCK_SERIES = 256;
/** A row's bytes of counts: per four slots, four low bytes and one byte of their high two bits each. */
const COUNT_BYTES = (SLOT_COUNT / 4) * 5;

/** The series' numbers, in its row of `Block.numbers`. */
const ORIGIN = 0;
const LAST_AT = 1;
const LAST_VALUE = 2;
const W = 3;
const W2 = 4;
const MT = 5;
const MY = 6;
const CTT = 7;
const CTY = 8;
const CYY = 9;
const NUMBERS = 10;
/** Two numbers that need no more than Float32 (the slots' memory, a step's floor), in `Block.floats`. */
const MEAN_GAP = 0;
const RESOLUTION = 1;
const FLOATS = 2;

export type SeriesKind = 'gauge' | 'counter';
const KINDS: readonly SeriesKind[] = ['gauge', 'counter'];

class Block {
  readonly centre = new Float32Array(BLOCK_SERIES * SLOT_COUNT);
  readonly spread = new Float32Array(BLOCK_SERIES * SLOT_COUNT);
  readonly counts = new Uint8Array(BLOCK_SERIES * COUNT_BYTES);
  readonly numbers = new Float64Array(BLOCK_SERIES * NUMBERS);
  readonly floats = new Float32Array(BLOCK_SERIES * FLOATS);
  readonly kinds = new Uint8Array(BLOCK_SERIES);
}

/** Rows of series in shared blocks: `add` a row, `state(row)` to read and learn it, `remove` to reuse it. */
export class SeriesStore {
  private readonly blocks: Block[] = [];
  /** Rows given back (`remove`), reused before a new one. */
  private readonly freeRows: number[] = [];
  private used = 0;

  /** A new, empty series in a free row (a block is added when every row is taken). */
  add(kind: SeriesKind): number {
    let row = this.freeRows.pop();
    if (row === undefined) {
      row = this.used++;
      if (row % BLOCK_SERIES === 0) this.blocks.push(new Block());
    }
    const state = this.state(row);
    state.clear(kind);
    return row;
  }

  /** Gives a row back to be reused: its series must not be used after. */
  remove(row: number) {
    this.freeRows.push(row);
  }

  /** A view of the series in a row (made on each call: keep it no longer than it is used). */
  state(row: number): SeriesState {
    return new SeriesState(this, this.blocks[Math.floor(row / BLOCK_SERIES)] as Block, row);
  }
}

const defaultStore = new SeriesStore();

/**
 * One series: a view of its row in a store's block. The numbers read and write the block; the profile is
 * read and written per slot (`centreAt`, `setSlot`, …). `centre`, `spread` and `count` are copies for the
 * JSON form and tests.
 */
export class SeriesState {
  /** Gauge or counter, as its row was added (a view is made after that). */
  readonly kind: SeriesKind;
  private readonly store: SeriesStore;
  private readonly block: Block;
  private readonly row: number;
  /** Where its profile, its counts and its numbers start in the block's arrays. */
  private readonly p: number;
  private readonly c: number;
  private readonly n: number;
  private readonly f: number;

  constructor(store: SeriesStore, block: Block, row: number) {
    const i = row % BLOCK_SERIES;
    this.store = store;
    this.block = block;
    this.row = row;
    this.p = i * SLOT_COUNT;
    this.c = i * COUNT_BYTES;
    this.n = i * NUMBERS;
    this.f = i * FLOATS;
    this.kind = KINDS[block.kinds[i] as number] as SeriesKind;
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
    return this.block.floats[this.f + MEAN_GAP] as number;
  }
  set meanGapMs(v) {
    this.block.floats[this.f + MEAN_GAP] = v;
  }
  /** The smallest non-zero change between two readings seen: the sensor's resolution, about (NaN before one). */
  get resolution() {
    return this.block.floats[this.f + RESOLUTION] as number;
  }
  set resolution(v) {
    this.block.floats[this.f + RESOLUTION] = v;
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

  /** Per slot: the robust centre, the spread (average absolute deviation), readings learned (≤ `COUNT_LIMIT`). */
  centreAt(slot: number): number {
    return this.block.centre[this.p + slot] as number;
  }
  spreadAt(slot: number): number {
    return this.block.spread[this.p + slot] as number;
  }
  countAt(slot: number): number {
    const group = this.c + (slot >> 2) * 5;
    const shift = (slot & 3) * 2;
    const counts = this.block.counts;
    return (counts[group + (slot & 3)] as number) | ((((counts[group + 4] as number) >> shift) & 3) << 8);
  }
  /** Sets a slot; a count above `COUNT_LIMIT` is kept as `COUNT_LIMIT`. */
  setSlot(slot: number, centre: number, spread: number, count: number) {
    this.block.centre[this.p + slot] = centre;
    this.block.spread[this.p + slot] = spread;
    const kept = Math.min(count, COUNT_LIMIT);
    const group = this.c + (slot >> 2) * 5;
    const shift = (slot & 3) * 2;
    const counts = this.block.counts;
    counts[group + (slot & 3)] = kept & 255;
    counts[group + 4] = ((counts[group + 4] as number) & ~(3 << shift)) | ((kept >> 8) << shift);
  }

  get centre(): Float32Array {
    return this.block.centre.slice(this.p, this.p + SLOT_COUNT);
  }
  get spread(): Float32Array {
    return this.block.spread.slice(this.p, this.p + SLOT_COUNT);
  }
  get count(): Uint16Array {
    return Uint16Array.from({ length: SLOT_COUNT }, (_, slot) => this.countAt(slot));
  }

  /** Forgets the trend (a step, or a series' start). */
  resetTrend() {
    for (const i of [W, W2, MT, MY, CTT, CTY, CYY]) this.set(i, 0);
  }

  /** Gives its row back to be reused: the series must not be used after. */
  release() {
    this.store.remove(this.row);
  }

  /** Empties its row: a new series of that kind. */
  clear(kind: SeriesKind) {
    this.block.kinds[this.row % BLOCK_SERIES] = KINDS.indexOf(kind);
    this.block.centre.fill(0, this.p, this.p + SLOT_COUNT);
    this.block.spread.fill(0, this.p, this.p + SLOT_COUNT);
    this.block.counts.fill(0, this.c, this.c + COUNT_BYTES);
    for (const i of [ORIGIN, LAST_AT, LAST_VALUE]) this.set(i, Number.NaN);
    this.block.floats.fill(Number.NaN, this.f, this.f + FLOATS);
    this.resetTrend();
  }
}

/** A new, empty series in a row of the default store, kept by the view returned. */
export function createSeries(kind: SeriesKind = 'gauge'): SeriesState {
  return defaultStore.state(defaultStore.add(kind));
}

/** Bytes a series takes in memory, about: its profile, counts, numbers and kind in their block (decision 035). */
export function seriesBytes(): number {
  return SLOT_COUNT * (4 + 4) + COUNT_BYTES + NUMBERS * 8 + FLOATS * 4 + 1;
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
