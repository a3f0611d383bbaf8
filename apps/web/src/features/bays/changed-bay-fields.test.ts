import type { Bay } from '@vaskedrift/shared';
import { describe, expect, it } from 'vitest';
import { changedBayFields } from './changed-bay-fields';

const bay: Bay = {
  id: '7b0c4d0e-2c55-4a43-8b0a-0d3a6c1c9f11',
  locationId: '0b1f3c1e-9d1a-4a5e-b1f8-1f0a3c2d4e5f',
  locationName: 'Vask Sentrum',
  name: 'Hall 1',
  status: 'operational',
  statusChangedAt: '2025-03-01T10:00:00.000Z',
  monitored: true,
  sortOrder: 2,
  mutedUntil: null,
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-01T10:00:00.000Z',
};

describe('changedBayFields', () => {
  it('sends only the id when nothing changed (a status left alone is never "set by hand")', () => {
    expect(changedBayFields(bay, { name: 'Hall 1 ', sortOrder: 2, status: 'operational' })).toEqual({
      id: bay.id,
    });
  });

  it('sends what changed', () => {
    expect(changedBayFields(bay, { name: 'Hall 9', sortOrder: 0, status: 'error' })).toEqual({
      id: bay.id,
      name: 'Hall 9',
      sortOrder: 0,
      status: 'error',
    });
  });

  it('keeps the order when the number field is cleared', () => {
    expect(changedBayFields(bay, { name: 'Hall 1', sortOrder: '', status: 'operational' })).toEqual({
      id: bay.id,
    });
  });
});
