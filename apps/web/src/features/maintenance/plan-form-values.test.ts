import type { MaintenancePlan } from '@vaskedrift/shared';
import { describe, expect, it } from 'vitest';
import {
  fromOsloPicker,
  planFormValues,
  toCreateInput,
  toOsloPicker,
  toUpdateInput,
} from './plan-form-values';
import { formatPlanWindow, weekdayList } from './plan-text';

const bayId = '7b0c1f7e-3c0a-4b9e-9a51-6f1d2a3b4c5d';
const userId = '1d2c3b4a-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

// Every second Tuesday 06:00–08:00 Oslo time, from Tuesday 16 March 2027 (winter time, UTC+1).
const plan: MaintenancePlan = {
  id: '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d',
  bayId,
  bayName: 'Hall 1',
  locationId: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a',
  locationName: 'Sentrum',
  type: 'service',
  assignee: { id: userId, name: 'Ola Nordmann' },
  customAssignee: null,
  description: 'Bytter børster',
  notifyUsers: false,
  reminderHours: 1,
  reminderMinutes: 0,
  startsAt: '2027-03-16T05:00:00.000Z',
  endsAt: '2027-03-16T07:00:00.000Z',
  repeat: { kind: 'weeks', every: 2, weekdays: [2] },
  nextStartAt: '2027-03-30T04:00:00.000Z',
  nextEndAt: '2027-03-30T06:00:00.000Z',
  createdBy: { id: userId, name: 'Ola Nordmann' },
  createdAt: '2027-03-01T10:00:00.000Z',
};

describe('the plan form', () => {
  it('reads and writes the picker on the Oslo clock, in winter and in summer', () => {
    expect(toOsloPicker('2027-03-27T05:00:00.000Z')).toBe('2027-03-27 06:00:00');
    expect(toOsloPicker('2027-03-28T04:00:00.000Z')).toBe('2027-03-28 06:00:00');
    expect(fromOsloPicker('2027-03-27 06:00:00')).toBe('2027-03-27T05:00:00.000Z');
    expect(fromOsloPicker('2027-03-28 06:00:00')).toBe('2027-03-28T04:00:00.000Z');
    expect(fromOsloPicker(null)).toBeNull();
    expect(fromOsloPicker('')).toBeNull();
  });

  it('starts a new plan on the next whole hour, for an hour, once', () => {
    const values = planFormValues(null, new Date('2027-01-10T09:20:00Z'));
    expect(values).toMatchObject({
      startsAt: '2027-01-10 11:00:00', // 10:00 UTC is 11:00 in Oslo in winter
      endsAt: '2027-01-10 12:00:00',
      repeat: { kind: 'none', every: 1, weekdays: [] },
    });
  });

  it('sends weekdays sorted, and the empty number as missing so the schema names it', () => {
    const values = {
      ...planFormValues(plan),
      repeat: { kind: 'weeks' as const, every: '', weekdays: ['5', '1'] },
    };
    expect(toCreateInput(values, bayId).repeat).toEqual({
      kind: 'weeks',
      every: undefined,
      weekdays: [1, 5],
    });
  });

  it('edits only what changed; the times go together', () => {
    const values = planFormValues(plan);
    expect(toUpdateInput(values, plan)).toEqual({ id: plan.id });
    expect(toUpdateInput({ ...values, endsAt: '2027-03-16 09:00:00' }, plan)).toEqual({
      id: plan.id,
      startsAt: '2027-03-16T05:00:00.000Z',
      endsAt: '2027-03-16T08:00:00.000Z',
      repeat: { kind: 'weeks', every: 2, weekdays: [2] },
    });
    expect(toUpdateInput({ ...values, description: 'Ny pumpe' }, plan)).toEqual({
      id: plan.id,
      description: 'Ny pumpe',
    });
  });

  it('shows windows on the Oslo clock and weekdays as words', () => {
    expect(formatPlanWindow('2027-03-27T05:00:00Z', '2027-03-27T07:00:00Z', 'nb')).toBe(
      'lør. 27. mars, 06:00–08:00',
    );
    // The night the clocks go back: 01:00 to 05:00 on the wall, five hours.
    expect(formatPlanWindow('2027-10-30T23:00:00Z', '2027-10-31T04:00:00Z', 'nb')).toBe(
      'søn. 31. okt., 01:00–05:00',
    );
    expect(weekdayList([5, 1, 3], 'nb')).toBe('mandag, onsdag og fredag');
  });
});
