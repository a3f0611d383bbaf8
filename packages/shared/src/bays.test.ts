import { describe, expect, it } from 'vitest';
import { BAY_STATUS_META, BAY_STATUSES, precedingStatus } from './bay-status';
import { getBaysSchema } from './bays';
import { dashboardBayFromTuple } from './dashboard-codec';

describe('bay statuses', () => {
  it('colours every status as the dashboard shows it', () => {
    expect(BAY_STATUSES.map((s) => BAY_STATUS_META[s].color)).toEqual([
      'green',
      'yellow',
      'red',
      'gray',
      'blue',
    ]);
  });

  it('lets maintenance win, then error, warning and inactive (docs/domain.md, Bay status)', () => {
    expect(precedingStatus(['operational', 'error', 'maintenance'])).toBe('maintenance');
    expect(precedingStatus(['warning', 'error'])).toBe('error');
    expect(precedingStatus(['inactive', 'warning', 'operational'])).toBe('warning');
    expect(precedingStatus(['operational', 'inactive'])).toBe('inactive');
    expect(precedingStatus([])).toBe('operational');
  });

  it('filters the bay list by one status or several', () => {
    expect(getBaysSchema.parse({ filters: { status: 'error' } }).filters?.status).toBe('error');
    expect(getBaysSchema.parse({ filters: { status: ['error', 'warning'] } }).filters?.status).toEqual([
      'error',
      'warning',
    ]);
    expect(getBaysSchema.safeParse({ filters: { status: 'ødelagt' } }).error?.issues[0]?.message).toBe(
      'Ugyldig status',
    );
  });

  it('reads a dashboard tuple as an object', () => {
    expect(dashboardBayFromTuple(['id', 'Hall 1', 'warning', 0, true, false])).toStrictEqual({
      id: 'id',
      name: 'Hall 1',
      status: 'warning',
      statusChangedAt: new Date(0),
      muted: true,
      monitored: false,
    });
  });
});
