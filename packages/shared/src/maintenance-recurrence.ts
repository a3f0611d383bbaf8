/*
 * When a maintenance plan's occurrences fall (docs/domain.md, Maintenance: planned maintenance; decision
 * 018). Pure, no zod: the server materializes the next occurrence with it and the form previews the next
 * few. Times are wall-clock times in Europe/Oslo, read and made with `Intl` (no date library): a plan at
 * 06:00 starts at 06:00 in winter and in summer, and a window 01:00–05:00 ends at 05:00 on the night the
 * clocks change, whatever that makes its length.
 */

/** Plans repeat in Norwegian time. */
export const MAINTENANCE_TIME_ZONE = 'Europe/Oslo';

/** A date and time on the wall clock of a time zone; `month` 1–12. */
export type LocalDateTime = { year: number; month: number; day: number; hour: number; minute: number };

/** ISO weekdays: 1 Monday … 7 Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** How a plan repeats: once, every `every` days, or on `weekdays` of every `every`-th week. */
export type Recurrence =
  | { kind: 'none' }
  | { kind: 'days'; every: number }
  | { kind: 'weeks'; every: number; weekdays: readonly number[] };

/**
 * A plan's rule: its first start (the date, time of day and, for weeks, the week it counts from, all read
 * in `MAINTENANCE_TIME_ZONE`), its expected end (null: none) and how it repeats.
 */
export type PlanRule = { startsAt: Date; endsAt: Date | null; recurrence: Recurrence };
export type Occurrence = { startsAt: Date; endsAt: Date | null };

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** A search never walks further than this many periods (a plan that repeats only every 365 days, for 100 years). */
const MAX_STEPS = 40_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock date and time of an instant in `timeZone` (seconds dropped). */
export function toZoned(instant: Date, timeZone = MAINTENANCE_TIME_ZONE): LocalDateTime {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
  };
}

/** The wall-clock fields as if they were UTC: arithmetic on local times without any offset. */
const wallMs = (local: LocalDateTime) =>
  Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);

const fromWallMs = (ms: number): LocalDateTime => {
  const d = new Date(ms);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
  };
};

/** Minutes `timeZone` is ahead of UTC at an instant (60 for CET, 120 for CEST). */
function offsetMinutes(ms: number, timeZone: string): number {
  const whole = Math.floor(ms / MINUTE_MS) * MINUTE_MS;
  return (wallMs(toZoned(new Date(whole), timeZone)) - whole) / MINUTE_MS;
}

const sameWall = (a: LocalDateTime, b: LocalDateTime) => wallMs(a) === wallMs(b);

/**
 * The instant a wall-clock time in `timeZone` names. A time the clocks skip (02:30 on the last Sunday of
 * March in Oslo) is read with the offset before the change, so it lands as far after the gap as it was
 * into it (03:30 summer time); a time that happens twice (02:30 on the last Sunday of October) is the
 * first of the two (summer time). This is what JavaScript's Temporal calls 'compatible'.
 */
export function fromZoned(local: LocalDateTime, timeZone = MAINTENANCE_TIME_ZONE): Date {
  const wall = wallMs(local);
  // Oslo changes its offset at most once in two days: the offsets a day either side are the candidates.
  const before = wall - offsetMinutes(wall - DAY_MS, timeZone) * MINUTE_MS;
  const after = wall - offsetMinutes(wall + DAY_MS, timeZone) * MINUTE_MS;
  const valid = [before, after].filter((ms) => sameWall(toZoned(new Date(ms), timeZone), local));
  if (valid.length === 0) return new Date(before);
  return new Date(Math.min(...valid));
}

/** The wall-clock minutes from `startsAt` to `endsAt` in `timeZone` (what a person reads off the clock). */
export function wallMinutesBetween(startsAt: Date, endsAt: Date, timeZone = MAINTENANCE_TIME_ZONE): number {
  return Math.round((wallMs(toZoned(endsAt, timeZone)) - wallMs(toZoned(startsAt, timeZone))) / MINUTE_MS);
}

/** Days since 1970-01-01 of a local date. */
const dayNumber = (local: LocalDateTime) =>
  Math.floor(Date.UTC(local.year, local.month - 1, local.day) / DAY_MS);
/** ISO weekday of a day number (1970-01-01 was a Thursday). */
const weekdayOf = (day: number): Weekday => (((((day + 3) % 7) + 7) % 7) + 1) as Weekday;

/** The ISO weekday of an instant in `timeZone`. */
export function zonedWeekday(instant: Date, timeZone = MAINTENANCE_TIME_ZONE): Weekday {
  return weekdayOf(dayNumber(toZoned(instant, timeZone)));
}

/**
 * The shortest time, in days, from one occurrence's start to the next: the longest an occurrence may last
 * (its job has to end before the next one starts). Null for a plan that does not repeat.
 */
export function shortestGapDays(recurrence: Recurrence): number | null {
  if (recurrence.kind === 'none') return null;
  if (recurrence.kind === 'days') return recurrence.every;
  const days = [...new Set(recurrence.weekdays)].sort((a, b) => a - b);
  if (days.length === 0) return null;
  let gap = 7 * recurrence.every - (days[days.length - 1] as number) + (days[0] as number);
  for (let i = 1; i < days.length; i++) gap = Math.min(gap, (days[i] as number) - (days[i - 1] as number));
  return gap;
}

/**
 * The start dates (day numbers) of a plan from the period holding `fromDay` on, in order, as a generator;
 * never one before the plan's own first day.
 */
function* startDays(firstDay: number, recurrence: Recurrence, fromDay: number): Generator<number> {
  if (recurrence.kind === 'none') {
    yield firstDay;
    return;
  }
  const every = Math.max(1, Math.floor(recurrence.every));
  if (recurrence.kind === 'days') {
    let k = Math.max(0, Math.floor((fromDay - firstDay) / every));
    for (let step = 0; step < MAX_STEPS; step++, k++) yield firstDay + k * every;
    return;
  }
  const weekdays = [...new Set(recurrence.weekdays)].filter((d) => d >= 1 && d <= 7).sort((a, b) => a - b);
  if (weekdays.length === 0) return;
  // Weeks start on Monday; the first week is the one holding the first day, then every `every`-th.
  const firstMonday = firstDay - (weekdayOf(firstDay) - 1);
  let k = Math.max(0, Math.floor((fromDay - firstMonday) / (7 * every)));
  for (let step = 0; step < MAX_STEPS; step++, k++) {
    const monday = firstMonday + k * 7 * every;
    for (const weekday of weekdays) {
      const day = monday + weekday - 1;
      if (day >= firstDay) yield day;
    }
  }
}

/**
 * A plan's occurrences in order, beginning with the first whose start is at or after `from` and, when
 * `endingAfter` is given, whose expected end (or, without one, start) is after it; at most `limit`. The
 * time of day and the expected end's wall-clock distance from the start are those of the rule's first
 * occurrence, in `timeZone`, whatever the offset on each day.
 */
export function occurrences(
  rule: PlanRule,
  { from, endingAfter, limit = 1 }: { from: Date; endingAfter?: Date; limit?: number },
  timeZone = MAINTENANCE_TIME_ZONE,
): Occurrence[] {
  const first = toZoned(rule.startsAt, timeZone);
  const duration = rule.endsAt === null ? null : wallMs(toZoned(rule.endsAt, timeZone)) - wallMs(first);
  const firstDay = dayNumber(first);
  const timeOfDay = first.hour * 60 + first.minute;
  // A day earlier than `from`'s local date: an occurrence late on the day before can still start after it.
  const fromDay = dayNumber(toZoned(from, timeZone)) - 1;
  /**
   * The end on the wall clock the start shows (a start the clocks skipped shows later than planned, and its
   * end moves with it); never at or before the start.
   */
  const endOf = (startsAt: Date, duration: number) => {
    const endsAt = fromZoned(fromWallMs(wallMs(toZoned(startsAt, timeZone)) + duration), timeZone);
    return endsAt > startsAt ? endsAt : new Date(startsAt.getTime() + duration);
  };
  const out: Occurrence[] = [];
  for (const day of startDays(firstDay, rule.recurrence, fromDay)) {
    const wallStart = day * DAY_MS + timeOfDay * MINUTE_MS;
    // The first occurrence is the rule's own instant (a time that happens twice keeps the one chosen).
    const startsAt = day === firstDay ? rule.startsAt : fromZoned(fromWallMs(wallStart), timeZone);
    if (startsAt < from) continue;
    const endsAt =
      duration === null ? null : day === firstDay && rule.endsAt ? rule.endsAt : endOf(startsAt, duration);
    if (endingAfter && (endsAt ?? startsAt) <= endingAfter) continue;
    out.push({ startsAt, endsAt });
    if (out.length >= limit) break;
  }
  return out;
}

/** The first occurrence by the rules of `occurrences`, or null when the plan has none left. */
export function nextOccurrence(
  rule: PlanRule,
  options: { from: Date; endingAfter?: Date },
  timeZone = MAINTENANCE_TIME_ZONE,
): Occurrence | null {
  return occurrences(rule, { ...options, limit: 1 }, timeZone)[0] ?? null;
}

/**
 * The occurrence a plan waits for: the first after `after` (the last one started or skipped; null for
 * none yet) that is not over at `now`: its expected end after `now`, or without one (a plan that does not
 * repeat) its start no more than `graceMs` before `now`. Null: the plan has none left.
 */
export function pendingOccurrence(
  rule: PlanRule,
  { after, now, graceMs }: { after: Date | null; now: Date; graceMs: number },
  timeZone = MAINTENANCE_TIME_ZONE,
): Occurrence | null {
  const from = after ? new Date(after.getTime() + 1) : rule.startsAt;
  const endingAfter = rule.endsAt === null ? new Date(now.getTime() - graceMs) : now;
  return nextOccurrence(rule, { from, endingAfter }, timeZone);
}
