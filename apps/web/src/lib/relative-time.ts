import { formatQuantity, formatPercent as formatSharedPercent } from '@vaskedrift/shared/number-format';
import { intlLocale } from './format';

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
  const format = new Intl.RelativeTimeFormat(intlLocale(language), { numeric: 'auto' });
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

/** "98,0 %" (docs/domain.md, Numbers: one decimal); null when there were no checks. */
export function formatPercent(share: number | null, language = 'nb'): string | null {
  if (share == null) return null;
  return formatSharedPercent(share * 100, intlLocale(language));
}

/** "1,2 kB", "340 B": one decimal at most, in the one number format. */
export function formatBytes(bytes: number | null, language = 'nb'): string | null {
  if (bytes == null) return null;
  const locale = intlLocale(language);
  const tenths = (value: number) => Math.round(value * 10) / 10;
  if (bytes < 1024) return formatQuantity(bytes, 'B', locale);
  if (bytes < 1024 * 1024) return formatQuantity(tenths(bytes / 1024), 'kB', locale);
  return formatQuantity(tenths(bytes / 1024 / 1024), 'MB', locale);
}
