import {
  AUDIT_LOG_TYPES,
  CHECK_FAILURE_LOG_TYPE,
  ENGINE_LOG_TYPES,
  FACILITY_LOG_TYPES,
  MAINTENANCE_LOG_TYPES,
  MAINTENANCE_PLAN_LOG_TYPES,
} from '@vaskedrift/shared';
import type { TranslationKey } from '../../lib/i18n';

/**
 * Every type a facility's log can hold (the server's audit entries that name a facility, and a failed
 * check) with the key of its label; the type filter offers them in this order.
 */
export const LOCATION_LOG_TYPE_LABELS: ReadonlyArray<readonly [type: string, label: TranslationKey]> = [
  [CHECK_FAILURE_LOG_TYPE, 'logTypes.checkFailed'],
  ...Object.entries(FACILITY_LOG_TYPES).map(
    ([key, type]) => [type, `logTypes.facility.${key}` as TranslationKey] as const,
  ),
  ...Object.entries(MAINTENANCE_LOG_TYPES).map(
    ([key, type]) => [type, `logTypes.maintenance.${key}` as TranslationKey] as const,
  ),
  ...Object.entries(MAINTENANCE_PLAN_LOG_TYPES).map(
    ([key, type]) => [type, `logTypes.maintenancePlan.${key}` as TranslationKey] as const,
  ),
  [ENGINE_LOG_TYPES.bayMetricsCreate, 'logTypes.engine.bayMetricsCreate'],
  [ENGINE_LOG_TYPES.bayMetricsUpdate, 'logTypes.engine.bayMetricsUpdate'],
  [ENGINE_LOG_TYPES.bayMetricsDelete, 'logTypes.engine.bayMetricsDelete'],
  [ENGINE_LOG_TYPES.alertsAcknowledge, 'logTypes.engine.alertsAcknowledge'],
  [AUDIT_LOG_TYPES.usersAccessCreate, 'logTypes.access.usersAccessCreate'],
  [AUDIT_LOG_TYPES.usersAccessDelete, 'logTypes.access.usersAccessDelete'],
];

const BY_TYPE = new Map(LOCATION_LOG_TYPE_LABELS);

/** The label key of a log type; undefined for a type this list does not know (shown as it is). */
export function logTypeLabel(type: string): TranslationKey | undefined {
  return BY_TYPE.get(type);
}
