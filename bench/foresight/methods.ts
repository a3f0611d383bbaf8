import {
  createSeries,
  DEFAULT_FORESIGHT_OPTIONS,
  type ForesightOptions,
  isUnusual,
  predictCrossing,
  type SeriesState,
  seriesToJson,
  updateSeries,
} from '@vaskedrift/shared';
import type { NumericAttribute } from '@vaskedrift/simulator';
import { SCENARIO_THRESHOLDS } from '@vaskedrift/simulator';

/*
 * The methods bench/foresight.ts compares: ways to predict that a series will cross its threshold, and
 * ways to call a value unusual. Each keeps its own state per series and is fed the same readings.
 */

interface Prediction {
  level: 'warning' | 'critical';
  expectedAt: number;
}

export interface Method<S> {
  name: string;
  create(): S;
  /** Learns a reading (in time order). */
  update(state: S, atMs: number, value: number): void;
  /** The bytes of its state as JSON (what a server would keep or store per series). */
  bytes(state: S): number;
}

export interface Predictor<S> extends Method<S> {
  predict(state: S, atMs: number, attribute: NumericAttribute): Prediction | null;
}

export interface UnusualDetector<S> extends Method<S> {
  /** Asked before `update` with the same reading. */
  unusual(state: S, atMs: number, value: number): boolean;
}

const HOUR_MS = 3_600_000;

function holds(op: 'lt' | 'lte' | 'gt', value: number, threshold: number): boolean {
  return op === 'lt' ? value < threshold : op === 'lte' ? value <= threshold : value > threshold;
}

/** The crossing of a line (value `level` now, `slopePerMs`) with the attribute's critical, else warning, threshold. */
function crossing(
  attribute: NumericAttribute,
  atMs: number,
  lastValue: number,
  level: number,
  slopePerMs: number,
): Prediction | null {
  if (!Number.isFinite(slopePerMs) || slopePerMs === 0) return null;
  const { op, warning, critical } = SCENARIO_THRESHOLDS[attribute];
  const rising = op === 'gt';
  if (rising !== slopePerMs > 0) return null;
  for (const [name, threshold] of [
    ['critical', critical],
    ['warning', warning],
  ] as const) {
    if (holds(op, lastValue, threshold)) {
      if (name === 'critical') return null;
      continue;
    }
    const ms = (threshold - level) / slopePerMs;
    if (ms >= 0) return { level: name, expectedAt: atMs + ms };
  }
  return null;
}

/** Issue 26's model (packages/shared/src/foresight): week profile plus a weighted-least-squares trend. */
export function foresightModel(changes: Partial<ForesightOptions> = {}) {
  const options = { ...DEFAULT_FORESIGHT_OPTIONS, ...changes };
  const changed = Object.entries(changes).map(([key, value]) =>
    key.endsWith('Ms') ? `${key} ${Number(value) / 60_000} min` : `${key} ${value}`,
  );
  const method: Predictor<SeriesState> & UnusualDetector<SeriesState> = {
    name: `shared model${changed.length ? ` (${changed.join(', ')})` : ' (defaults)'}`,
    create: () => createSeries('gauge'),
    update: (state, atMs, value) => {
      updateSeries(state, atMs, value, options);
    },
    predict: (state, atMs, attribute) => {
      const { op, warning, critical } = SCENARIO_THRESHOLDS[attribute];
      const found = predictCrossing(
        state,
        atMs,
        { warning: { op, value: warning }, critical: { op, value: critical } },
        options,
      );
      return found && { level: found.level, expectedAt: found.expectedAt };
    },
    unusual: (state, atMs, value) => isUnusual(state, atMs, value, options).unusual,
    bytes: (state) => JSON.stringify(seriesToJson(state)).length,
  };
  return method;
}

interface Window {
  times: number[];
  values: number[];
}

/** Prometheus's `predict_linear`: ordinary least squares over the readings of the last `windowMs`. */
export function leastSquaresWindow(windowMs: number): Predictor<Window> {
  return {
    name: `least squares, last ${windowMs / 60_000} min`,
    create: () => ({ times: [], values: [] }),
    update: (state, atMs, value) => {
      state.times.push(atMs);
      state.values.push(value);
      while ((state.times[0] ?? atMs) < atMs - windowMs) {
        state.times.shift();
        state.values.shift();
      }
    },
    predict: (state, atMs, attribute) => {
      const n = state.times.length;
      if (n < 3) return null;
      let mt = 0;
      let mv = 0;
      for (let i = 0; i < n; i++) {
        mt += ((state.times[i] ?? 0) - atMs) / n;
        mv += (state.values[i] ?? 0) / n;
      }
      let ctt = 0;
      let ctv = 0;
      for (let i = 0; i < n; i++) {
        const dt = (state.times[i] ?? 0) - atMs - mt;
        ctt += dt * dt;
        ctv += dt * ((state.values[i] ?? 0) - mv);
      }
      if (ctt === 0) return null;
      const slope = ctv / ctt;
      return crossing(attribute, atMs, state.values[n - 1] ?? mv, mv - slope * mt, slope);
    },
    bytes: (state) => JSON.stringify(state).length,
  };
}

interface Last {
  atMs: number;
  value: number;
  slope: number;
}

/** The naive one: the change between the last two readings, extrapolated. */
export function lastDelta(): Predictor<Last> {
  return {
    name: 'last change, extrapolated',
    create: () => ({ atMs: Number.NaN, value: Number.NaN, slope: Number.NaN }),
    update: (state, atMs, value) => {
      state.slope = (value - state.value) / (atMs - state.atMs);
      state.atMs = atMs;
      state.value = value;
    },
    predict: (state, atMs, attribute) => crossing(attribute, atMs, state.value, state.value, state.slope),
    bytes: (state) => JSON.stringify(state).length,
  };
}

interface Holt {
  atMs: number;
  level: number;
  /** Per ms. */
  trend: number;
  last: number;
  n: number;
}

/** Holt's linear smoothing (an EWMA of the level and of the slope), the smoothing per reading fixed. */
export function holt(alpha: number, beta: number): Predictor<Holt> {
  return {
    name: `EWMA level and slope (Holt, α ${alpha}, β ${beta})`,
    create: () => ({ atMs: Number.NaN, level: Number.NaN, trend: 0, last: Number.NaN, n: 0 }),
    update: (state, atMs, value) => {
      if (state.n === 0) {
        Object.assign(state, { atMs, level: value, trend: 0, last: value, n: 1 });
        return;
      }
      const dt = atMs - state.atMs;
      const forecast = state.level + state.trend * dt;
      const level = alpha * value + (1 - alpha) * forecast;
      state.trend = beta * ((level - state.level) / dt) + (1 - beta) * state.trend;
      state.level = level;
      state.atMs = atMs;
      state.last = value;
      state.n++;
    },
    predict: (state, atMs, attribute) =>
      state.n < 3 ? null : crossing(attribute, atMs, state.last, state.level, state.trend),
    bytes: (state) => JSON.stringify(state).length,
  };
}

interface Moments {
  n: number;
  mean: number;
  m2: number;
}

const WARM_UP_READINGS = 12;

function judge(moments: Moments | undefined, value: number, limit: number): boolean {
  if (!moments || moments.n < WARM_UP_READINGS) return false;
  const sd = Math.sqrt(moments.m2 / (moments.n - 1));
  const floor = 0.01 * Math.abs(moments.mean);
  return Math.abs(value - moments.mean) > limit * Math.max(sd, floor / limit);
}

function learn(moments: Moments, value: number): void {
  moments.n++;
  const delta = value - moments.mean;
  moments.mean += delta / moments.n;
  moments.m2 += delta * (value - moments.mean);
}

/** One mean and standard deviation over every reading: unusual beyond `limit` deviations. */
export function globalZScore(limit: number): UnusualDetector<Moments> {
  return {
    name: `global z-score > ${limit}`,
    create: () => ({ n: 0, mean: 0, m2: 0 }),
    update: (state, _atMs, value) => learn(state, value),
    unusual: (state, _atMs, value) => judge(state, value, limit),
    bytes: (state) => JSON.stringify(state).length,
  };
}

/** A mean and standard deviation per hour of the week (168 slots, not robust): unusual beyond `limit`. */
export function hourOfWeekZScore(
  limit: number,
  hourOfWeek: (atMs: number) => number,
): UnusualDetector<Moments[]> {
  return {
    name: `hour-of-week mean ± ${limit} sd`,
    create: () => Array.from({ length: 168 }, () => ({ n: 0, mean: 0, m2: 0 })),
    update: (state, atMs, value) => {
      const slot = state[hourOfWeek(atMs)];
      if (slot) learn(slot, value);
    },
    unusual: (state, atMs, value) => judge(state[hourOfWeek(atMs)], value, limit),
    bytes: (state) => JSON.stringify(state).length,
  };
}

export const PREDICTION_HORIZON_MS = HOUR_MS;
