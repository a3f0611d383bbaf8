/*
 * A series' plain JSON form (to store, or to compare): its slots' centres and spreads as the numbers they
 * stand for, with the grid they are on (series-store.ts), so a series read back keeps every code.
 */
import { createSeries, type SeriesKind, type SeriesState, SLOT_COUNT } from './series-store';

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
  /** Absent in a series stored before they were kept: unknown (NaN) until the next reading. */
  minSeen?: number;
  maxSeen?: number;
  step: number;
  base: number;
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
  'minSeen',
  'maxSeen',
  'step',
  'base',
  'w',
  'w2',
  'mt',
  'my',
  'ctt',
  'cty',
  'cyy',
] as const;

/** The fewest significant digits within `tolerance` of a value. */
function shortest(value: number, tolerance: number): number {
  for (let digits = 1; digits < 17; digits++) {
    const short = Number(value.toPrecision(digits));
    if (Math.abs(short - value) <= tolerance) return short;
  }
  return value;
}

export function seriesToJson(state: SeriesState): SeriesJson {
  /*
   * Written with the digits their codes need ('30.888', not '30.888000488281250'): read back, a value takes
   * its nearest code, so a quarter of a code off is near enough. A spread's code is 2,048 × log2(1 + spread
   * / step): a quarter of it is (step + spread) × 2^-13 · ln 2.
   */
  const step = state.step;
  const json = {
    kind: state.kind,
    centre: Array.from(state.centre, (centre) => shortest(centre, step / 4)),
    spread: Array.from(state.spread, (spread) => shortest(spread, (step + spread) * 2 ** -14)),
    count: Array.from(state.count),
  } as SeriesJson;
  for (const field of NUMBER_FIELDS) json[field] = state[field];
  return json;
}

export function seriesFromJson(json: SeriesJson): SeriesState {
  const state = createSeries(json.kind);
  /* JSON has no NaN: a number not known yet (null) is NaN again, as a state written before the resolution
   * was learned learns it anew. The grid first: the slots' values are near their codes, and take them. */
  for (const field of NUMBER_FIELDS) state[field] = json[field] ?? Number.NaN;
  for (let slot = 0; slot < SLOT_COUNT; slot++)
    state.setSlot(slot, json.centre[slot] ?? 0, json.spread[slot] ?? 0, json.count[slot] ?? 0, 'nearest');
  return state;
}
