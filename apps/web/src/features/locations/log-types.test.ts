import {
  AUDIT_LOG_TYPES,
  CHECK_FAILURE_LOG_TYPE,
  ENGINE_LOG_TYPES,
  FACILITY_LOG_TYPES,
  MAINTENANCE_LOG_TYPES,
  MAINTENANCE_PLAN_LOG_TYPES,
} from '@vaskedrift/shared';
import { describe, expect, it } from 'vitest';
import nb from '../../locales/nb.json';
import { LOCATION_LOG_TYPE_LABELS, logTypeLabel } from './log-types';

const lookup = (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], nb);

describe('facility log types', () => {
  it('every type a facility log can hold has its own Norwegian label', () => {
    const types = [
      CHECK_FAILURE_LOG_TYPE,
      ...Object.values(FACILITY_LOG_TYPES),
      ...Object.values(MAINTENANCE_LOG_TYPES),
      ...Object.values(MAINTENANCE_PLAN_LOG_TYPES),
      ENGINE_LOG_TYPES.bayMetricsCreate,
      ENGINE_LOG_TYPES.bayMetricsUpdate,
      ENGINE_LOG_TYPES.bayMetricsDelete,
      ENGINE_LOG_TYPES.alertsAcknowledge,
      AUDIT_LOG_TYPES.usersAccessCreate,
      AUDIT_LOG_TYPES.usersAccessDelete,
    ];
    const labels = types.map((type) => {
      const key = logTypeLabel(type);
      expect(key, type).toBeDefined();
      const text = lookup(key as string);
      expect(typeof text, `${type} → ${key}`).toBe('string');
      return text;
    });
    expect(new Set(labels).size).toBe(labels.length);
    expect(LOCATION_LOG_TYPE_LABELS).toHaveLength(types.length);
  });

  it('knows nothing of types that never name a facility', () => {
    expect(logTypeLabel(AUDIT_LOG_TYPES.usersCreate)).toBeUndefined();
  });
});
