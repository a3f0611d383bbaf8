import { fromZoned, toZoned } from '@vaskedrift/shared';

/**
 * When the availability report goes out by e-mail (docs/domain.md, Reports by e-mail): the week before
 * (Monday 00:00 to Monday 00:00, Norwegian time) on Monday at 07:00, and the month before on the 1st at
 * 07:00. A report is sent while it is at most `CATCH_UP_MS` late, so an instance that was down at 07:00
 * sends it when it is back, and a fresh installation does not send one for a period long past.
 */
export type ReportKind = 'weekly' | 'monthly';
const REPORT_KINDS: readonly ReportKind[] = ['weekly', 'monthly'];

export type ReportPeriod = {
  kind: ReportKind;
  /** The week's ISO year and number (`2026-W48`) or the month (`2026-11`): once per period. */
  key: string;
  from: Date;
  to: Date;
  dueAt: Date;
};

const SEND_HOUR = 7;
const CATCH_UP_MS = 48 * 3600_000;

type LocalDate = { year: number; month: number; day: number };

/** The local date `days` after `date` (negative: before), across month and year ends. */
function addDays(date: LocalDate, days: number): LocalDate {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

const at = (date: LocalDate, hour: number): Date => fromZoned({ ...date, hour, minute: 0 });

/** The 1st of the month before the month of `first`. */
const monthBefore = (first: LocalDate): LocalDate => ({ ...addDays(first, -1), day: 1 });

/** Monday 1, …, Sunday 7 of a local date. */
const isoWeekday = (date: LocalDate) =>
  new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() || 7;

/** ISO 8601 week of a local date: the week of its Thursday, numbered in the Thursday's year. */
function isoWeek(date: LocalDate): string {
  const thursday = addDays(date, 4 - isoWeekday(date));
  const dayOfYear =
    (Date.UTC(thursday.year, thursday.month - 1, thursday.day) - Date.UTC(thursday.year, 0, 1)) / 86_400_000;
  const week = Math.floor(dayOfYear / 7) + 1;
  return `${thursday.year}-W${String(week).padStart(2, '0')}`;
}

function weekly(now: Date): ReportPeriod {
  const today = toZoned(now);
  let monday = addDays(today, 1 - isoWeekday(today));
  if (now < at(monday, SEND_HOUR)) monday = addDays(monday, -7);
  const start = addDays(monday, -7);
  return {
    kind: 'weekly',
    key: isoWeek(start),
    from: at(start, 0),
    to: at(monday, 0),
    dueAt: at(monday, SEND_HOUR),
  };
}

function monthly(now: Date): ReportPeriod {
  const today = toZoned(now);
  let first: LocalDate = { year: today.year, month: today.month, day: 1 };
  if (now < at(first, SEND_HOUR)) first = monthBefore(first);
  const previous = monthBefore(first);
  return {
    kind: 'monthly',
    key: `${previous.year}-${String(previous.month).padStart(2, '0')}`,
    from: at(previous, 0),
    to: at(first, 0),
    dueAt: at(first, SEND_HOUR),
  };
}

/** The latest period of `kind` whose report is due at `now` or before. */
export function latestDuePeriod(kind: ReportKind, now: Date): ReportPeriod {
  return kind === 'weekly' ? weekly(now) : monthly(now);
}

/** The periods whose reports are to be sent at `now`: due, and not more than `CATCH_UP_MS` late. */
export function periodsToSend(now: Date): ReportPeriod[] {
  return REPORT_KINDS.map((kind) => latestDuePeriod(kind, now)).filter(
    (period) => now.getTime() - period.dueAt.getTime() <= CATCH_UP_MS,
  );
}
