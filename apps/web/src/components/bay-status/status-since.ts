const LOCALES: Record<string, string> = {
  nb: 'nb-NO',
  en: 'en-GB',
  es: 'es-ES',
  fr: 'fr-FR',
  de: 'de-DE',
  ja: 'ja-JP',
};

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['week', 7 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
];

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** "for 3 timer siden", "for 2 dager siden", "nå" — the largest whole unit; formatters are reused. */
export function formatTimeAgo(epochMs: number, nowMs: number, language = 'nb'): string {
  const locale = LOCALES[language] ?? 'nb-NO';
  let format = relativeFormats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    relativeFormats.set(locale, format);
  }
  const elapsed = Math.max(0, nowMs - epochMs);
  for (const [unit, size] of UNITS) {
    if (elapsed >= size) return format.format(-Math.floor(elapsed / size), unit);
  }
  return format.format(0, 'second');
}

/** "3. mars 2025, 14:05", with one formatter per language (the dashboard formats many of these). */
export function formatSince(epochMs: number, language = 'nb'): string {
  const locale = LOCALES[language] ?? 'nb-NO';
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    dateFormats.set(locale, format);
  }
  return format.format(epochMs);
}
