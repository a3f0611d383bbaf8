/*
 * Pure formatting for the charts: time-axis ticks, numbers and instants in the interface language, always
 * with a 24-hour clock ('14:05', not '2:05 PM'); Norwegian gets its decimal comma from `nb-NO`.
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

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** '1 234,5' in Norwegian; '–' for no value. At most `digits` decimals, none added. */
export function formatNumber(value: number | null | undefined, locale: string, digits = 2): string {
  if (value == null || !Number.isFinite(value)) return '–';
  return numberFormat(locale, { maximumFractionDigits: digits }).format(value);
}

/** '99,5 %' for 99.5 (a percentage, not a fraction); '–' for no value. */
export function formatPercent(value: number | null | undefined, locale: string, digits = 1): string {
  if (value == null || !Number.isFinite(value)) return '–';
  return numberFormat(locale, {
    style: 'percent',
    maximumFractionDigits: digits,
    minimumFractionDigits: digits,
  }).format(value / 100);
}
