/*
 * Pure formatting for the charts: time-axis ticks and instants in the interface language, always with a
 * 24-hour clock ('14:05', not '2:05 PM'), and the numbers of the one number format.
 */

const DAY = 86_400;
const MONTH = 28 * DAY;

const formatters = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, hourCycle: 'h23' });
    formatters.set(key, format);
  }
  return format;
}

const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };
const SECONDS: Intl.DateTimeFormatOptions = { ...TIME, second: '2-digit' };
const DAY_MONTH: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' };
const MONTH_YEAR: Intl.DateTimeFormatOptions = { month: 'short', year: 'numeric' };

const dayKey = (seconds: number) => new Date(seconds * 1000).toDateString();

/**
 * The labels of a time axis whose ticks (`splits`, Unix seconds) are `increment` seconds apart: times of
 * day below a day, with the date on a second line at the first tick and where the day changes; dates
 * below a month; months above.
 */
export function formatTimeTicks(splits: readonly number[], increment: number, locale: string): string[] {
  if (increment >= MONTH) return splits.map((s) => dateFormat(locale, MONTH_YEAR).format(s * 1000));
  if (increment >= DAY) return splits.map((s) => dateFormat(locale, DAY_MONTH).format(s * 1000));
  const clock = dateFormat(locale, increment < 60 ? SECONDS : TIME);
  return splits.map((s, i) => {
    const time = clock.format(s * 1000);
    const newDay = i === 0 || dayKey(s) !== dayKey(splits[i - 1] ?? s);
    return newDay ? `${time}\n${dateFormat(locale, DAY_MONTH).format(s * 1000)}` : time;
  });
}

/** '24. nov. 2026, 14:05' for a tooltip or a table cell (Unix seconds). */
export function formatInstant(seconds: number, locale: string): string {
  return dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(seconds * 1000);
}

/** '24. nov. 2026' (a day, e.g. in the availability report's period). */
export function formatDay(seconds: number, locale: string): string {
  return dateFormat(locale, { dateStyle: 'medium' }).format(seconds * 1000);
}

/*
 * Numbers go through the one format of `@vaskedrift/shared` (docs/domain.md, Numbers): a decimal comma and
 * narrow spaces between thousands in Norwegian, percentages with one decimal, axis ticks as they are.
 */
export {
  formatInteger,
  formatNumber,
  formatPercent,
  formatPercentTick,
  formatQuantity,
} from '@vaskedrift/shared';
