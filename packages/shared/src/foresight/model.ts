import { compareValues, type Operator } from '../evaluation';
import { COUNT_LIMIT, type SeriesState } from './series-store';

export { seriesFromJson, seriesToJson } from './series-json';
export { createSeries, SeriesState, SeriesStore, SLOT_COUNT, seriesBytes } from './series-store';

/*
 * Foresight (docs/domain.md, Foresight): a small model of one bay attribute's numbers, learned from its own
 * readings. Pure: no I/O and no clock — every time is passed in as epoch milliseconds — so the server, the
 * bench (bench/foresight.ts) and the tests run the same code.
 *
 * Two parts, each O(1) per reading:
 * - a week profile: the week cut into `SLOT_COUNT` slots of two hours; per slot a robust centre (an average
 *   whose input is clipped to centre ± 3 spreads) and a spread (average absolute deviation). A value far
 *   outside its slot's normal is 'unusual' (`isUnusual`);
 * - a trend: exponentially weighted least squares of value on time (weights halve every
 *   `trendHalfLifeMs`, 15 min: decision 037), with the residual spread. A significant slope towards a threshold gives the
 *   expected time of crossing and a confidence (`predictCrossing`). A sudden step (a refill, a reset)
 *   restarts the trend at the new value.
 *
 * Counters (a wash count that only grows and may reset) are modelled as their rate per hour: a drop is a
 * reset and is skipped, and a counter is never predicted (its thresholds are not a level that is reached).
 *
 * Size: `SLOT_COUNT` slots (a 16-bit centre and spread on the series' grid and a 10-bit count each) and a
 * dozen numbers, 554 bytes a series, kept in shared blocks (series-store.ts); `seriesToJson`/`seriesFromJson`
 * give a plain JSON form to store.
 */

const SLOT_MS = 2 * 3_600_000;
const WEEK_MS = 7 * 24 * 3_600_000;
/** Epoch 1970-01-01 was a Thursday; slot 0 starts on Monday 00:00 UTC. */
const MONDAY_OFFSET_MS = 3 * 24 * 3_600_000;

export interface ForesightOptions {
  /** The trend's memory: a reading's weight halves over this time. */
  trendHalfLifeMs: number;
  /** A slope must be this many standard errors from zero to be believed. */
  minTStatistic: number;
  /** At least this many readings' weight in the trend before any prediction. */
  minTrendPoints: number;
  /** Crossings further ahead than this are not predicted. */
  maxLeadMs: number;
  /** Readings a slot must have learned before its normal is used. */
  minSlotPoints: number;
  /** 'Unusual': further from the slot's centre than this many spreads (average absolute deviations). */
  unusualSpreads: number;
  /** A slot forgets over about this many weeks of its readings. */
  slotMemoryWeeks: number;
  /**
   * A step restarts the trend only when it is also more than this many of the series' resolution (its
   * smallest change between readings) off the line: a drift read in 0.1 % steps is a staircase, not steps
   * (decision 037).
   */
  minStepResolutions: number;
}

export const DEFAULT_FORESIGHT_OPTIONS: ForesightOptions = {
  trendHalfLifeMs: 15 * 60_000,
  minTStatistic: 4,
  minTrendPoints: 4,
  maxLeadMs: 12 * 3_600_000,
  minSlotPoints: 12,
  unusualSpreads: 6,
  slotMemoryWeeks: 4,
  minStepResolutions: 5,
};

/** The week slot (0 = Monday 00:00–02:00 UTC) of a time. */
export function slotOf(atMs: number): number {
  const inWeek = (((atMs + MONDAY_OFFSET_MS) % WEEK_MS) + WEEK_MS) % WEEK_MS;
  return Math.floor(inWeek / SLOT_MS);
}

/**
 * The value the week profile learns: a gauge's value, a counter's rate per hour since the last reading
 * (null on the first reading, after a reset, or with no time between).
 */
function profileValue(state: SeriesState, atMs: number, value: number): number | null {
  if (state.kind === 'gauge') return value;
  if (!Number.isFinite(state.lastValue) || value < state.lastValue) return null;
  const hours = (atMs - state.lastAtMs) / 3_600_000;
  return hours > 0 ? (value - state.lastValue) / hours : null;
}

/**
 * Learns one reading, in place (and returns the state). Readings must come in time order; one at or before
 * the last is ignored, as is a value that is not a finite number.
 */
export function updateSeries(
  state: SeriesState,
  atMs: number,
  value: number,
  options: ForesightOptions = DEFAULT_FORESIGHT_OPTIONS,
): SeriesState {
  if (!Number.isFinite(value) || !Number.isFinite(atMs)) return state;
  if (Number.isFinite(state.lastAtMs) && atMs <= state.lastAtMs) return state;
  const gap = atMs - state.lastAtMs;
  if (Number.isFinite(gap)) {
    state.meanGapMs = Number.isFinite(state.meanGapMs)
      ? state.meanGapMs + 0.05 * (gap - state.meanGapMs)
      : gap;
  }
  const learned = profileValue(state, atMs, value);
  if (learned !== null) learnSlot(state, slotOf(atMs), learned, options);
  if (state.kind === 'gauge') {
    learnTrend(state, atMs, value, options);
    const change = Math.abs(value - state.lastValue);
    if (change > 0 && !(change >= state.resolution)) state.resolution = change;
    if (!(value >= state.minSeen)) state.minSeen = value;
    if (!(value <= state.maxSeen)) state.maxSeen = value;
  }
  state.lastAtMs = atMs;
  state.lastValue = value;
  return state;
}

function learnSlot(state: SeriesState, slot: number, value: number, options: ForesightOptions): void {
  const n = Math.min(state.countAt(slot) + 1, COUNT_LIMIT);
  if (n === 1) {
    state.setSlot(slot, value, 0, n);
    return;
  }
  /* The slot's memory in readings: its visits in `slotMemoryWeeks` weeks at the series' pace. */
  const perVisit = Number.isFinite(state.meanGapMs) && state.meanGapMs > 0 ? SLOT_MS / state.meanGapMs : 1;
  const memory = Math.max(8, options.slotMemoryWeeks * perVisit);
  /*
   * A running mean until the slot has `memory` readings, then an average forgetting over them. A count at
   * `COUNT_LIMIT` stands for 'at least that many': the same while the memory is at most that (a reading
   * every 28 s or slower, every polled check), else the forgetting starts there (decision 037).
   */
  const alpha = 1 / (n < COUNT_LIMIT ? Math.min(n, memory) : memory);
  const centre = state.centreAt(slot);
  const spread = state.spreadAt(slot);
  const deviation = Math.abs(value - centre);
  /* Huber-like: an outlier moves the centre by at most three spreads' worth once the slot has a spread. */
  const limit = spread > 0 && n > options.minSlotPoints ? 3 * spread : Number.POSITIVE_INFINITY;
  const clipped = centre + Math.max(-limit, Math.min(limit, value - centre));
  state.setSlot(
    slot,
    centre + alpha * (clipped - centre),
    spread + alpha * (Math.min(deviation, limit) - spread),
    n,
  );
}

function learnTrend(state: SeriesState, atMs: number, value: number, options: ForesightOptions): void {
  if (!Number.isFinite(state.originMs) || state.w === 0) {
    state.originMs = atMs;
    state.resetTrend();
  }
  const t = (atMs - state.originMs) / 3_600_000;
  /*
   * A step: far off the fitted line once the fit has a spread — start the trend over from this reading. Off by
   * more than a few of the series' resolution too: between the steps of a staircase (a tank read in 0.1 %)
   * the residual is about 0, and one more stair is no step.
   */
  const fit = trendFit(state);
  if (fit !== null && state.w * state.w >= 5 * state.w2) {
    const expected = fit.level + fit.slope * (t - state.mt);
    const resolution = Number.isFinite(state.resolution) ? options.minStepResolutions * state.resolution : 0;
    const floor = Math.max(1e-6 * Math.max(1, Math.abs(state.my)), resolution);
    if (Math.abs(value - expected) > Math.max(10 * fit.residual, floor)) {
      state.originMs = atMs;
      state.resetTrend();
      learnTrend(state, atMs, value, options);
      return;
    }
  }
  const decay = state.w === 0 ? 1 : 0.5 ** ((atMs - state.lastAtMs) / options.trendHalfLifeMs);
  const w = decay * state.w + 1;
  const dt = t - state.mt;
  const dy = value - state.my;
  state.mt += dt / w;
  state.my += dy / w;
  state.ctt = decay * state.ctt + dt * (t - state.mt);
  state.cty = decay * state.cty + dt * (value - state.my);
  state.cyy = decay * state.cyy + dy * (value - state.my);
  state.w = w;
  state.w2 = decay * decay * state.w2 + 1;
  /* Keep times small: move the origin forward once a day of hours has passed. */
  if (t > 24) {
    state.originMs += 24 * 3_600_000;
    state.mt -= 24;
  }
}

/** The fitted line at the weighted mean time, its slope per hour, the residual spread and the slope's error. */
function trendFit(
  state: SeriesState,
): { level: number; slope: number; residual: number; slopeError: number; points: number } | null {
  if (state.w <= 0 || state.ctt <= 0) return null;
  const points = (state.w * state.w) / state.w2;
  if (points <= 2) return null;
  const slope = state.cty / state.ctt;
  const ssr = Math.max(0, state.cyy - slope * state.cty);
  const variance = (ssr / state.w) * (points / (points - 2));
  const residual = Math.sqrt(variance);
  const slopeError = Math.sqrt((variance * (state.w2 / state.w)) / state.ctt);
  return { level: state.my, slope, residual, slopeError, points };
}

interface ThresholdRule {
  op: Operator;
  value: number;
}

export interface CrossingThresholds {
  warning?: ThresholdRule | null;
  critical?: ThresholdRule | null;
}

type PredictedLevel = 'warning' | 'critical';

export interface Crossing {
  level: PredictedLevel;
  /** When the fitted line reaches the threshold (ms). */
  expectedAt: number;
  /** 0..1: how far the slope stands out of its error, and how many readings carry it. */
  confidence: number;
}

/**
 * The expected crossing of a gauge moving towards its critical threshold (preferred) or else its warning
 * threshold, within `maxLeadMs`; null on a flat, noisy or short series, when moving away, when the
 * operator does not order (eq, ne), or when the last value already holds that level. `nowMs` is the time
 * of asking (normally the last reading's time).
 */
export function predictCrossing(
  state: SeriesState,
  nowMs: number,
  thresholds: CrossingThresholds,
  options: ForesightOptions = DEFAULT_FORESIGHT_OPTIONS,
): Crossing | null {
  if (state.kind !== 'gauge') return null;
  const fit = trendFit(state);
  if (fit === null || fit.points < options.minTrendPoints || fit.slope === 0) return null;
  const t = fit.slopeError > 0 ? Math.abs(fit.slope) / fit.slopeError : Number.POSITIVE_INFINITY;
  if (t < options.minTStatistic) return null;
  const nowHours = (nowMs - state.originMs) / 3_600_000;
  const levelNow = fit.level + fit.slope * (nowHours - state.mt);
  const confidence = Math.max(0, 1 - options.minTStatistic / t) * (fit.points / (fit.points + 2));
  for (const level of ['critical', 'warning'] as const) {
    const rule = thresholds[level];
    if (!rule || !Number.isFinite(rule.value)) continue;
    if (rule.op === 'eq' || rule.op === 'ne') continue;
    if (compareValues(state.lastValue, rule.op, rule.value)) {
      if (level === 'critical') return null;
      continue;
    }
    const rising = rule.op === 'gt' || rule.op === 'gte';
    if (rising !== fit.slope > 0) continue;
    const hours = (rule.value - levelNow) / fit.slope;
    if (hours < 0) continue;
    const expectedAt = nowMs + hours * 3_600_000;
    if (expectedAt - nowMs > options.maxLeadMs) continue;
    return { level, expectedAt: Math.round(expectedAt), confidence: Math.round(confidence * 100) / 100 };
  }
  return null;
}

export interface UnusualResult {
  unusual: boolean;
  /**
   * The slot's normal range as shown: centre ± `unusualSpreads` spreads, within what the series has read (a
   * gauge's lowest and highest value, a counter's rate from 0), so a tank's is never 'normalt −28–69 %'.
   * An unusual value is outside it as outside the whole range. Null while the slot has too few readings.
   */
  normal: { low: number; high: number } | null;
}

/**
 * Whether a value is far outside its week slot's normal. Ask before `updateSeries` with the same reading.
 * A counter's value is its raw count: its rate since the last reading is judged (a reset is never unusual).
 * The caller decides what a value already at warning or critical is (the thresholds tell it then).
 */
export function isUnusual(
  state: SeriesState,
  atMs: number,
  value: number,
  options: ForesightOptions = DEFAULT_FORESIGHT_OPTIONS,
): UnusualResult {
  const range = normalRange(state, atMs, options);
  const normal = range && withinSeen(state, range);
  if (range === null || !Number.isFinite(value)) return { unusual: false, normal };
  const judged = profileValue(state, atMs, value);
  if (judged === null) return { unusual: false, normal };
  return { unusual: judged < range.low || judged > range.high, normal };
}

/**
 * A normal range cut to what the series has read: its slot centres are averages of its readings, so the cut
 * keeps the centre; a bound outside every reading only tells how wide the spread is, not a value it takes.
 */
function withinSeen(state: SeriesState, range: { low: number; high: number }) {
  if (state.kind === 'counter') return { low: Math.max(0, range.low), high: range.high };
  const low = Number.isFinite(state.minSeen) ? Math.max(range.low, state.minSeen) : range.low;
  const high = Number.isFinite(state.maxSeen) ? Math.min(range.high, state.maxSeen) : range.high;
  return low <= high ? { low, high } : range;
}

/** The normal range of the slot a time falls in, or null while the slot has too few readings. */
function normalRange(
  state: SeriesState,
  atMs: number,
  options: ForesightOptions = DEFAULT_FORESIGHT_OPTIONS,
): { low: number; high: number } | null {
  const slot = slotOf(atMs);
  if (state.countAt(slot) < options.minSlotPoints) return null;
  const centre = state.centreAt(slot);
  /* A floor on the spread: a slot that never moved still tolerates 1 % of its level. */
  const spread = Math.max(state.spreadAt(slot), (0.01 * Math.abs(centre)) / options.unusualSpreads, 1e-9);
  return { low: centre - options.unusualSpreads * spread, high: centre + options.unusualSpreads * spread };
}
