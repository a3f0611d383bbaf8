/*
 * Where the foresight model's series live (docs/domain.md, Foresight; decisions 035 and 037): every series'
 * week profile and numbers in a few large shared typed arrays (blocks of `BLOCK_SERIES` rows) of a
 * `SeriesStore`, addressed by row. A series is then its 441 bytes of profile, 112 of numbers and its kind:
 * no typed array views, buffers or boxed numbers of its own. The server's store hands out rows and makes a
 * `SeriesState` (a short-lived view of one row) when it learns, so a series there has no object at all;
 * `createSeries` gives a view that keeps its row of the default store (the bench, the tests).
 * The arithmetic (decision 037, series size): per slot a count of readings learned in 10 bits (four slots'
 * counts in five bytes), up to `COUNT_LIMIT`; its centre in 16 bits on the series' own grid (`step` ×
 * whole numbers from `base`, so 0 is exact), its spread in 16 bits relative to the step (`SPREAD_CODES`
 * a doubling). The grid widens when a centre or spread falls outside it (at least doubling its step). A
 * value between two codes is rounded up or down at random in proportion (a hash of the reading's time and
 * the slot, so the same readings give the same series): an average's steps finer than the grid move it
 * on average, where rounding to the nearest code would stop it. Float64 numbers but for the mean gap, the
 * resolution and the step (Float32).
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
const MIN_SEEN = 10;
const MAX_SEEN = 11;
const NUMBERS = 12;
/** Numbers that need no more than Float32 (the slots' memory, a step's floor, the grid), in `Block.floats`. */
const MEAN_GAP = 0;
const RESOLUTION = 1;
const STEP = 2;
const FLOATS = 3;

/** A centre's code: a whole number of steps from the series' base, in an Int16. */
const CENTRE_MIN = -32_768;
const CENTRE_MAX = 32_767;
/** A spread's code per doubling of (1 + spread / step): steps of 0.034 %, up to 2^32 steps in a Uint16. */
const SPREAD_CODES = 2048;
const SPREAD_MAX = 65_535;
/** A spread's code read back: 2^(code / 2048) as a whole power of two times one of its fractions. */
const DOUBLINGS = Float64Array.from({ length: 32 }, (_, i) => 2 ** i);
const FRACTIONS = Float64Array.from({ length: SPREAD_CODES }, (_, i) => 2 ** (i / SPREAD_CODES));
/** A spread over this many steps (past the last code) widens the grid… */
const SPREAD_STEPS = 2 ** 32;
/** …to at least this share of its largest spread; */
const STEP_OF_SPREAD = 2 ** -30;
/** …and to at least this share of its largest centre (so |base| ≤ 2^20: a centre's product is exact); */
const STEP_OF_CENTRE = 2 ** -20;
/** …and above 0 while every centre and spread is 0. */
const STEP_MIN = 2 ** -100;

export type SeriesKind = 'gauge' | 'counter';
const KINDS: readonly SeriesKind[] = ['gauge', 'counter'];

/**
 * `widen`'s copy of the other slots while the grid moves: one pair for all (it never yields); arrays made
 * at each call were a fifth of a bulk add's first round's allocation (young series widen as they learn).
 */
const WIDEN_CENTRES = new Float64Array(SLOT_COUNT);
const WIDEN_SPREADS = new Float64Array(SLOT_COUNT);

class Block {
  readonly centre = new Int16Array(BLOCK_SERIES * SLOT_COUNT);
  readonly spread = new Uint16Array(BLOCK_SERIES * SLOT_COUNT);
  readonly counts = new Uint8Array(BLOCK_SERIES * COUNT_BYTES);
  readonly numbers = new Float64Array(BLOCK_SERIES * NUMBERS);
  readonly floats = new Float32Array(BLOCK_SERIES * FLOATS);
  /** The grid's origin in steps: a centre is `step × (base + code)`. */
  readonly bases = new Int32Array(BLOCK_SERIES);
  readonly kinds = new Uint8Array(BLOCK_SERIES);
}

/** Two numbers in (0, 1) from a hash of a seed (murmur3's finaliser): the dither of a centre and of a spread. */
function dither(seed: number): [number, number] {
  let h = seed | 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  /* Never 0 or 1: a value on a code (read and set again) keeps that code. */
  return [((h & 0xffff) + 0.5) / 65_536, ((h >>> 16) + 0.5) / 65_536];
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
  /** Its index in the block, and where its profile, its counts and its numbers start in the block's arrays. */
  private readonly i: number;
  private readonly p: number;
  private readonly c: number;
  private readonly n: number;
  private readonly f: number;

  constructor(store: SeriesStore, block: Block, row: number) {
    const i = row % BLOCK_SERIES;
    this.store = store;
    this.block = block;
    this.row = row;
    this.i = i;
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
  /** The profile's grid: a centre is `step × (base + its code)` (NaN before the first slot is set). */
  get step() {
    return this.block.floats[this.f + STEP] as number;
  }
  set step(v) {
    this.block.floats[this.f + STEP] = v;
  }
  get base() {
    return this.block.bases[this.i] as number;
  }
  set base(v) {
    this.block.bases[this.i] = v;
  }
  /** The lowest and highest value a gauge has read (NaN before the first, or in a series stored before them). */
  get minSeen() {
    return this.get(MIN_SEEN);
  }
  set minSeen(v) {
    this.set(MIN_SEEN, v);
  }
  get maxSeen() {
    return this.get(MAX_SEEN);
  }
  set maxSeen(v) {
    this.set(MAX_SEEN, v);
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
    return this.step * (this.base + (this.block.centre[this.p + slot] as number));
  }
  spreadAt(slot: number): number {
    const code = this.block.spread[this.p + slot] as number;
    return (
      this.step *
      ((DOUBLINGS[Math.floor(code / SPREAD_CODES)] as number) * (FRACTIONS[code % SPREAD_CODES] as number) -
        1)
    );
  }
  countAt(slot: number): number {
    const group = this.c + (slot >> 2) * 5;
    const shift = (slot & 3) * 2;
    const counts = this.block.counts;
    return (counts[group + (slot & 3)] as number) | ((((counts[group + 4] as number) >> shift) & 3) << 8);
  }
  /**
   * Sets a slot: its centre and spread on the grid (widened first when they fall outside it), each
   * rounded to a neighbouring code at random in proportion (`nearest`: to the nearest, for values read
   * back); a count above `COUNT_LIMIT` is kept as `COUNT_LIMIT`.
   */
  setSlot(
    slot: number,
    centre: number,
    spread: number,
    count: number,
    rounding: 'random' | 'nearest' = 'random',
  ) {
    const steps = centre / this.step - this.base;
    /* Half a code past the last one is still that code (a value read back from JSON is near its code). */
    if (!(steps >= CENTRE_MIN - 0.5 && steps <= CENTRE_MAX + 0.5 && spread <= this.step * SPREAD_STEPS))
      this.widen(slot, centre, spread);
    /* The dither: the slot and the last reading's time (the one before this reading, as the model learns). */
    const [forCentre, forSpread] =
      rounding === 'nearest' ? [0.5, 0.5] : dither((this.lastAtMs | 0) ^ Math.imul(slot + 1, 0x9e3779b1));
    this.setCodes(slot, centre, spread, forCentre, forSpread);
    const kept = Math.min(count, COUNT_LIMIT);
    const group = this.c + (slot >> 2) * 5;
    const shift = (slot & 3) * 2;
    const counts = this.block.counts;
    counts[group + (slot & 3)] = kept & 255;
    counts[group + 4] = ((counts[group + 4] as number) & ~(3 << shift)) | ((kept >> 8) << shift);
  }

  /** A slot's codes for a centre and a spread: floor(exact code + dither), so a dither of 0.5 rounds. */
  private setCodes(slot: number, centre: number, spread: number, forCentre: number, forSpread: number) {
    const step = this.step;
    const code = Math.floor(centre / step - this.base + forCentre);
    this.block.centre[this.p + slot] = Math.max(CENTRE_MIN, Math.min(CENTRE_MAX, code));
    const spreadCode = Math.floor(SPREAD_CODES * Math.log2(1 + Math.max(0, spread) / step) + forSpread);
    this.block.spread[this.p + slot] = Math.min(SPREAD_MAX, spreadCode);
  }

  /**
   * A grid for every learned slot and the one being set: twice the span of their centres over 65,536
   * codes, centred on it, the step at least doubled. The learned slots keep their nearest codes on it.
   */
  private widen(slot: number, centre: number, spread: number) {
    const centres = WIDEN_CENTRES;
    const spreads = WIDEN_SPREADS;
    let low = centre;
    let high = centre;
    let widest = spread;
    for (let s = 0; s < SLOT_COUNT; s++) {
      const learned = s !== slot && this.countAt(s) > 0;
      centres[s] = learned ? this.centreAt(s) : Number.NaN;
      spreads[s] = learned ? this.spreadAt(s) : 0;
      if (!learned) continue;
      low = Math.min(low, centres[s] as number);
      high = Math.max(high, centres[s] as number);
      widest = Math.max(widest, spreads[s] as number);
    }
    const step = Math.fround(
      Math.max(
        (2 * (high - low)) / (CENTRE_MAX - CENTRE_MIN),
        Math.max(Math.abs(low), Math.abs(high)) * STEP_OF_CENTRE,
        widest * STEP_OF_SPREAD,
        Number.isFinite(this.step) ? 2 * this.step : 0,
        STEP_MIN,
      ),
    );
    this.step = step;
    this.base = Math.round((low + high) / 2 / step);
    for (let s = 0; s < SLOT_COUNT; s++)
      if (!Number.isNaN(centres[s])) this.setCodes(s, centres[s] as number, spreads[s] as number, 0.5, 0.5);
  }

  get centre(): Float64Array {
    return Float64Array.from({ length: SLOT_COUNT }, (_, slot) => this.centreAt(slot));
  }
  get spread(): Float64Array {
    return Float64Array.from({ length: SLOT_COUNT }, (_, slot) => this.spreadAt(slot));
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
    for (const i of [ORIGIN, LAST_AT, LAST_VALUE, MIN_SEEN, MAX_SEEN]) this.set(i, Number.NaN);
    this.block.floats.fill(Number.NaN, this.f, this.f + FLOATS);
    this.base = 0;
    this.resetTrend();
  }
}

/** A new, empty series in a row of the default store, kept by the view returned. */
export function createSeries(kind: SeriesKind = 'gauge'): SeriesState {
  return defaultStore.state(defaultStore.add(kind));
}

/** Bytes a series takes in memory, about: its profile, counts, numbers and kind in their block (decision 035). */
export function seriesBytes(): number {
  return SLOT_COUNT * (2 + 2) + COUNT_BYTES + NUMBERS * 8 + FLOATS * 4 + 4 + 1;
}
