import type { LocationLogEntry } from '@vaskedrift/shared';

/** The periods the facility log offers; `all` sends no `from`. */
export const LOG_PERIODS = ['all', '24h', '7d', '30d'] as const;
export type LogPeriod = (typeof LOG_PERIODS)[number];

const PERIOD_MS: Record<Exclude<LogPeriod, 'all'>, number> = {
  '24h': 24 * 3_600_000,
  '7d': 7 * 24 * 3_600_000,
  '30d': 30 * 24 * 3_600_000,
};

/**
 * Where a period starts, to the minute: taken once when the period is chosen, so the query key stays the
 * same between renders and pages.
 */
export function periodStart(period: LogPeriod, now: number = Date.now()): string | undefined {
  if (period === 'all') return undefined;
  const start = now - PERIOD_MS[period];
  return new Date(start - (start % 60_000)).toISOString();
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);

/**
 * The "what" of an entry in a line: a failed check's API and reason, else the name or title the entry
 * recorded and, for a change, the fields that changed. Field names are the API's, as the entry has them.
 */
export function logEntryWhat(entry: LocationLogEntry): string {
  const extra = entry.extraData ?? {};
  if (entry.kind === 'check') {
    return [entry.apiName, text(extra.error)].filter(Boolean).join(': ');
  }
  const subject = text(extra.name) ?? text(extra.title) ?? undefined;
  const fields = Array.isArray(extra.fields) ? extra.fields.filter((f) => typeof f === 'string') : [];
  return [subject, fields.length > 0 ? `(${fields.join(', ')})` : undefined].filter(Boolean).join(' ');
}
