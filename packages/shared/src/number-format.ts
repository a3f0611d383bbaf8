/*
 * The one number format (docs/domain.md, Numbers): every number a person reads — a value, a threshold, a
 * figure, an axis tick, in the web app, an e-mail, a webhook's summary or a desktop notification — goes
 * through these functions. Norwegian (`nb-NO`) unless a web page is in another language: a decimal comma,
 * a narrow no-break space between thousands ('1 234,5'), the unit after a no-break space ('1,2 bar').
 * Free of zod, so the sign-in pages may use it (apps/web/README.md).
 */

export const NUMBER_LOCALE = 'nb-NO';
/** No value: a dash, never 'NaN' or an empty cell. */
export const NO_VALUE = '–';
/** Between a number and its unit: one space that never breaks the line ('1,2 bar', '99,5 %'). */
export const UNIT_SPACE = '\u00a0';
/** Between thousands in Norwegian: a narrow no-break space (Intl's `nb-NO` gives a wide one). */
export const THOUSANDS_SPACE = '\u202f';

const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

function written(value: number, locale: string, options: Intl.NumberFormatOptions): string {
  const format = numberFormat(locale, options);
  if (!locale.startsWith('nb') && !locale.startsWith('no')) return format.format(value);
  let text = '';
  for (const part of format.formatToParts(value))
    text += part.type === 'group' ? THOUSANDS_SPACE : part.value;
  return text;
}

/**
 * Up to two decimals, as many as the value has ('28,7', '1 234,57', '12'); below 1 three significant digits
 * instead, so a small value never reads as 0 ('0,0012'). '–' for no value.
 */
const VALUE_OPTIONS: Intl.NumberFormatOptions = {
  maximumFractionDigits: 2,
  maximumSignificantDigits: 3,
  roundingPriority: 'morePrecision',
};

export function formatNumber(value: number | null | undefined, locale: string = NUMBER_LOCALE): string {
  if (value == null || !Number.isFinite(value)) return NO_VALUE;
  return written(value, locale, VALUE_OPTIONS);
}

/** A whole number ('1 234'): counts, milliseconds. */
export function formatInteger(value: number | null | undefined, locale: string = NUMBER_LOCALE): string {
  if (value == null || !Number.isFinite(value)) return NO_VALUE;
  return written(value, locale, { maximumFractionDigits: 0 });
}

/** A number and its unit ('1,2 bar', '38,2 °C'); the number alone without a unit. */
export function formatQuantity(
  value: number | null | undefined,
  unit: string | null | undefined,
  locale: string = NUMBER_LOCALE,
): string {
  const number = formatNumber(value, locale);
  return unit && number !== NO_VALUE ? `${number}${UNIT_SPACE}${unit}` : number;
}

/**
 * A percentage of 0–100 as a figure: always one decimal ('99,5 %', '100,0 %'), and a value that is not
 * exactly 100 or 0 never shows as either (99,96 → '99,9 %', 0,04 → '0,1 %'): 'fully available' must be
 * true. '–' for no value.
 */
export function formatPercent(value: number | null | undefined, locale: string = NUMBER_LOCALE): string {
  if (value == null || !Number.isFinite(value)) return NO_VALUE;
  let shown = Math.round(value * 10) / 10;
  if (shown >= 100 && value < 100) shown = 99.9;
  else if (shown <= 0 && value > 0) shown = 0.1;
  else if (shown >= 0 && value < 0) shown = -0.1;
  if (shown === 0) shown = 0;
  return written(shown / 100, locale, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
}

/** A percentage on a chart's axis: the tick's own digits, none added ('25 %', '12,5 %'). */
export function formatPercentTick(value: number | null | undefined, locale: string = NUMBER_LOCALE): string {
  if (value == null || !Number.isFinite(value)) return NO_VALUE;
  return written(value / 100, locale, { style: 'percent', maximumFractionDigits: 2 });
}

/** The words of a duration's units, in the reader's language. */
export type DurationWords = {
  days: (value: number) => string;
  hours: (value: number) => string;
  minutes: (value: number) => string;
  lessThanMinute: string;
};
const NORWEGIAN_DURATION_WORDS: DurationWords = {
  days: (value) => `${value}${UNIT_SPACE}d`,
  hours: (value) => `${value}${UNIT_SPACE}t`,
  minutes: (value) => `${value}${UNIT_SPACE}min`,
  lessThanMinute: 'under 1 min',
};

/**
 * A duration the way people say it, the two largest units: '2 t 15 min', '3 d 4 t', '45 min', and
 * 'under 1 min' below a minute (a negative clock skew included).
 */
export function formatDuration(seconds: number, words: DurationWords = NORWEGIAN_DURATION_WORDS): string {
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  if (minutes === 0) return words.lessThanMinute;
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const parts: string[] = [];
  if (days > 0) parts.push(words.days(days));
  if (hours > 0) parts.push(words.hours(hours));
  if (rest > 0 && days === 0) parts.push(words.minutes(rest));
  return parts.slice(0, 2).join(' ');
}
