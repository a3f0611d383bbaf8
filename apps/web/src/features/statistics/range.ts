/*
 * The period of every statistics page, kept in the address (`?range=30d`, or
 * `?range=custom&from=2026-11-01&to=2026-11-15`), so a link or a reload shows the same figures.
 * Pure: unit-tested in range.test.ts.
 */

export const PRESET_RANGES = ['24h', '7d', '30d', '90d'] as const;
export type PresetRange = (typeof PRESET_RANGES)[number];
export type RangeChoice = PresetRange | 'custom';

const DEFAULT_RANGE: PresetRange = '7d';
/** The longest custom period (a year and a day, for "the whole of last year"). */
const MAX_CUSTOM_DAYS = 366;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const PRESET_MS: Record<PresetRange, number> = {
  '24h': 24 * HOUR_MS,
  '7d': 7 * DAY_MS,
  '30d': 30 * DAY_MS,
  '90d': 90 * DAY_MS,
};

/** What the address holds; everything optional, so links need not spell the default. */
export interface RangeSearch {
  range?: RangeChoice;
  from?: string;
  to?: string;
}

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day `YYYY-MM-DD` as local midnight, or null when it is not a real day. */
export function parseDay(value: unknown): Date | null {
  if (typeof value !== 'string' || !DAY_PATTERN.test(value)) return null;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d ? date : null;
}

/** A local date as `YYYY-MM-DD`. */
export function formatDayParam(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The route's `validateSearch`: keeps a known preset, or a custom period whose days are real, in order
 * and at most `MAX_CUSTOM_DAYS` apart; anything else falls back to the default (no `range`).
 */
export function validateRangeSearch(search: Record<string, unknown>): RangeSearch {
  const range = search.range;
  if (typeof range === 'string' && (PRESET_RANGES as readonly string[]).includes(range)) {
    return range === DEFAULT_RANGE ? {} : { range: range as PresetRange };
  }
  if (range === 'custom') {
    const from = parseDay(search.from);
    const to = parseDay(search.to);
    if (from && to && from <= to && (to.getTime() - from.getTime()) / DAY_MS < MAX_CUSTOM_DAYS) {
      return { range: 'custom', from: formatDayParam(from), to: formatDayParam(to) };
    }
  }
  return {};
}

/** The search params of a preset (the default leaves the address clean). */
export function presetSearch(range: PresetRange): RangeSearch {
  return range === DEFAULT_RANGE ? {} : { range };
}

/** The search params of a custom period of whole days. */
export function customSearch(from: Date, to: Date): RangeSearch {
  const [first, last] = from <= to ? [from, to] : [to, from];
  return { range: 'custom', from: formatDayParam(first), to: formatDayParam(last) };
}

export interface ResolvedRange {
  choice: RangeChoice;
  from: Date;
  to: Date;
}

/**
 * The instants of a period: a preset ends now; a custom period runs from the first day's midnight to the
 * midnight after its last day, but never past now.
 */
export function resolveRange(search: RangeSearch, now: Date = new Date()): ResolvedRange {
  if (search.range === 'custom') {
    const from = parseDay(search.from);
    const last = parseDay(search.to);
    if (from && last) {
      const after = new Date(last.getFullYear(), last.getMonth(), last.getDate() + 1);
      return { choice: 'custom', from, to: after > now ? now : after };
    }
  }
  const preset = search.range && search.range !== 'custom' ? search.range : DEFAULT_RANGE;
  return { choice: preset, from: new Date(now.getTime() - PRESET_MS[preset]), to: now };
}

/** What identifies a period in a query key: the preset (its instants move with time) or the two days. */
export function rangeKey(search: RangeSearch): readonly string[] {
  const resolved = resolveRange(search);
  return resolved.choice === 'custom' ? ['custom', search.from ?? '', search.to ?? ''] : [resolved.choice];
}
