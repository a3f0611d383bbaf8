import { CHECK_FAILURE_LOG_TYPE, LOG_TYPES } from '@vaskedrift/shared';
import { describe, expect, it } from 'vitest';
import nb from '../../locales/nb.json';
import { LOCATION_LOG_TYPE_LABELS, logTypeLabel } from './log-types';

const lookup = (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], nb);

describe('facility log types', () => {
  it('every type a facility log can hold has its own Norwegian label', () => {
    const types = [
      CHECK_FAILURE_LOG_TYPE,
      ...Object.values(LOG_TYPES.location),
      ...Object.values(LOG_TYPES.maintenance),
      ...Object.values(LOG_TYPES.maintenancePlan),
      LOG_TYPES.engine.bayMetricsCreate,
      LOG_TYPES.engine.bayMetricsUpdate,
      LOG_TYPES.engine.bayMetricsDelete,
      LOG_TYPES.engine.alertsAcknowledge,
      LOG_TYPES.people.usersAccessCreate,
      LOG_TYPES.people.usersAccessDelete,
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
    expect(logTypeLabel(LOG_TYPES.people.usersCreate)).toBeUndefined();
  });
});
