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

export function seriesToJson(state: SeriesState): SeriesJson {
  const json = {
    kind: state.kind,
    centre: Array.from(state.centre),
    spread: Array.from(state.spread),
    count: Array.from(state.count),
  } as SeriesJson;
  for (const field of NUMBER_FIELDS) json[field] = state[field];
  return json;
}

export function seriesFromJson(json: SeriesJson): SeriesState {
  const state = createSeries(json.kind);
  /* JSON has no NaN: a number not known yet (null) is NaN again, as a state written before the resolution
   * was learned learns it anew. The grid first: the slots' values are on it, and keep their codes. */
  for (const field of NUMBER_FIELDS) state[field] = json[field] ?? Number.NaN;
  for (let slot = 0; slot < SLOT_COUNT; slot++)
    state.setSlot(slot, json.centre[slot] ?? 0, json.spread[slot] ?? 0, json.count[slot] ?? 0);
  return state;
}
