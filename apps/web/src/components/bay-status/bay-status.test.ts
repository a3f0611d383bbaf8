import { BAY_STATUS_META, BAY_STATUSES } from '@vaskedrift/shared';
import { describe, expect, it } from 'vitest';
import nb from '../../locales/nb.json';
import { nonZeroCounts } from './bay-status';

describe('bay status texts', () => {
  it('are the shared labels and descriptions, so the server and the pages say the same', () => {
    for (const status of BAY_STATUSES) {
      expect(nb.bays.status[status]).toBe(BAY_STATUS_META[status].label);
      expect(nb.bays.statusDescription[status]).toBe(BAY_STATUS_META[status].description);
    }
  });
});

describe('nonZeroCounts', () => {
  it('lists the statuses that have bays, in the product order', () => {
    expect(nonZeroCounts({ operational: 3, warning: 0, error: 1, inactive: 0, maintenance: 2 })).toEqual([
      { status: 'operational', count: 3 },
      { status: 'error', count: 1 },
      { status: 'maintenance', count: 2 },
    ]);
  });
});
