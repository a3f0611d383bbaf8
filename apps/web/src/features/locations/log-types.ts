import { CHECK_FAILURE_LOG_TYPE, LOG_TYPES } from '@vaskedrift/shared';
import type { TranslationKey } from '../../lib/i18n';

/**
 * Every type a facility's log can hold (the server's audit entries that name a facility, and a failed
 * check) with the key of its label; the type filter offers them in this order.
 */
export const LOCATION_LOG_TYPE_LABELS: ReadonlyArray<readonly [type: string, label: TranslationKey]> = [
  [CHECK_FAILURE_LOG_TYPE, 'logTypes.checkFailed'],
  ...Object.entries(LOG_TYPES.location).map(
    ([key, type]) => [type, `logTypes.facility.${key}` as TranslationKey] as const,
  ),
  ...Object.entries(LOG_TYPES.maintenance).map(
    ([key, type]) => [type, `logTypes.maintenance.${key}` as TranslationKey] as const,
  ),
  ...Object.entries(LOG_TYPES.maintenancePlan).map(
    ([key, type]) => [type, `logTypes.maintenancePlan.${key}` as TranslationKey] as const,
  ),
  [LOG_TYPES.engine.bayMetricsCreate, 'logTypes.engine.bayMetricsCreate'],
  [LOG_TYPES.engine.bayMetricsUpdate, 'logTypes.engine.bayMetricsUpdate'],
  [LOG_TYPES.engine.bayMetricsDelete, 'logTypes.engine.bayMetricsDelete'],
  [LOG_TYPES.engine.alertsAcknowledge, 'logTypes.engine.alertsAcknowledge'],
  [LOG_TYPES.people.usersAccessCreate, 'logTypes.access.usersAccessCreate'],
  [LOG_TYPES.people.usersAccessDelete, 'logTypes.access.usersAccessDelete'],
];

const BY_TYPE = new Map(LOCATION_LOG_TYPE_LABELS);

/** The label key of a log type; undefined for a type this list does not know (shown as it is). */
export function logTypeLabel(type: string): TranslationKey | undefined {
  return BY_TYPE.get(type);
}
