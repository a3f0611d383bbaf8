const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];

/** "for 2 minutter siden" in the interface language; null for no time. */
export function formatRelativeTime(
  iso: string | null | undefined,
  language = 'nb',
  now: number = Date.now(),
): string | null {
  if (!iso) return null;
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return null;
  const seconds = Math.round((time - now) / 1000);
  const format = new Intl.RelativeTimeFormat(language === 'nb' ? 'nb-NO' : language, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second')
      return format.format(Math.round(seconds / size), unit);
  }
  return null;
}

/** The host of an endpoint URL ("10.0.4.2:8080"), or the URL itself when it cannot be parsed. */
export function urlHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** "98 %" with at most one decimal; null when there were no checks. */
export function formatPercent(share: number | null, language = 'nb'): string | null {
  if (share == null) return null;
  return new Intl.NumberFormat(language === 'nb' ? 'nb-NO' : language, {
    style: 'percent',
    maximumFractionDigits: 1,
  }).format(share);
}

/** "1,2 kB", "340 B". */
export function formatBytes(bytes: number | null, language = 'nb'): string | null {
  if (bytes == null) return null;
  const format = new Intl.NumberFormat(language === 'nb' ? 'nb-NO' : language, { maximumFractionDigits: 1 });
  if (bytes < 1024) return `${format.format(bytes)} B`;
  if (bytes < 1024 * 1024) return `${format.format(bytes / 1024)} kB`;
  return `${format.format(bytes / 1024 / 1024)} MB`;
}
