import { CHECK_FAILURE_LOG_TYPE, LOG_TYPES, type LogArea } from '@vaskedrift/shared';
import type { TranslationKey } from '../../lib/i18n';

type Keys<A extends LogArea> = ReadonlyArray<keyof (typeof LOG_TYPES)[A] & string>;

/** The audit log types that name a location (its areas whole, or some of an area's), in the filter's order. */
const IN_LOCATION_LOG: { [A in LogArea]?: Keys<A> | 'all' } = {
  location: 'all',
  maintenance: 'all',
  maintenancePlan: 'all',
  engine: ['bayMetricsCreate', 'bayMetricsUpdate', 'bayMetricsDelete', 'alertsAcknowledge'],
  people: ['usersAccessCreate', 'usersAccessDelete'],
};

/**
 * Every type a location's log can hold (a failed check, and the audit entries that name a location) with
 * the key of its label, `logTypes.<area>.<key>` as in `LOG_TYPES`; the type filter offers them in this order.
 */
export const LOCATION_LOG_TYPE_LABELS: ReadonlyArray<readonly [type: string, label: TranslationKey]> = [
  [CHECK_FAILURE_LOG_TYPE, 'logTypes.checkFailed'],
  ...Object.entries(IN_LOCATION_LOG).flatMap(([area, keys]) => {
    const types: Record<string, string> = LOG_TYPES[area as LogArea];
    return (keys === 'all' ? Object.keys(types) : (keys as readonly string[])).map(
      (key) => [types[key] as string, `logTypes.${area}.${key}` as TranslationKey] as const,
    );
  }),
];

const BY_TYPE = new Map(LOCATION_LOG_TYPE_LABELS);

/** The label key of a log type; undefined for a type this list does not know (shown as it is). */
export function logTypeLabel(type: string): TranslationKey | undefined {
  return BY_TYPE.get(type);
}
