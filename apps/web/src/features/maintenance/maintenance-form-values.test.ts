import type { MaintenanceJob } from '@vaskedrift/shared';
import { startMaintenanceSchema } from '@vaskedrift/shared';
import { describe, expect, it } from 'vitest';
import { maintenanceFormValues, toStartInput, toUpdateInput } from './maintenance-form-values';

const bayId = '7b0c1f7e-3c0a-4b9e-9a51-6f1d2a3b4c5d';
const userId = '1d2c3b4a-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

const job: MaintenanceJob = {
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
  reminderMinutes: 30,
  startedAt: '2026-11-24T08:00:00.000Z',
  expiresAt: '2026-11-24T10:00:20.500Z',
  endedAt: null,
  enabledBy: { id: userId, name: 'Ola Nordmann' },
  endedBy: null,
  plannedSeconds: 7220,
  durationSeconds: 600,
  overdue: false,
  planId: null,
  endsAutomatically: false,
};

describe('the maintenance form', () => {
  it('starts with 1 h 0 min between reminders and nobody picked, which the shared rule refuses', () => {
    const values = maintenanceFormValues(null);
    expect(values).toMatchObject({ type: 'service', reminderHours: 1, reminderMinutes: 0, assigneeId: null });
    const result = startMaintenanceSchema.safeParse(toStartInput(values, bayId));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Du må velge en bruker']);
  });

  it('sends either the user or the custom person, and the expected end as an instant', () => {
    const values = { ...maintenanceFormValues(null), assigneeId: userId, expiresAt: '2026-12-01 14:30:00' };
    const input = toStartInput(values, bayId);
    expect(input).toMatchObject({ assigneeId: userId, customAssignee: null });
    expect(new Date(input.expiresAt as string).getTime()).toBe(new Date('2026-12-01T14:30:00').getTime());
    expect(startMaintenanceSchema.safeParse(input).success).toBe(true);

    const custom = toStartInput(
      {
        ...values,
        assigneeKind: 'custom',
        customAssignee: { name: 'Kari', email: 'kari@example.com', phone: '+47 912 34 567' },
      },
      bayId,
    );
    expect(custom).toMatchObject({ assigneeId: null, customAssignee: { name: 'Kari' } });
  });

  it('an empty reminder part is missing, so the shared rule asks for it', () => {
    const values = { ...maintenanceFormValues(null), assigneeId: userId, reminderMinutes: '' };
    const result = startMaintenanceSchema.safeParse(toStartInput(values, bayId));
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['reminderMinutes', 'Påminnelse må settes'],
    ]);
  });

  it('an untouched edit sends nothing but the bay; a change sends only what changed', () => {
    const values = maintenanceFormValues(job);
    expect(toUpdateInput(values, job)).toEqual({ bayId });
    expect(toUpdateInput({ ...values, reminderMinutes: 0, description: 'Ny dyse' }, job)).toEqual({
      bayId,
      description: 'Ny dyse',
      reminderHours: 1,
      reminderMinutes: 0,
    });
    expect(toUpdateInput({ ...values, expiresAt: null }, job)).toEqual({ bayId, expiresAt: null });
    const custom = { name: 'Kari', email: 'kari@example.com', phone: '+47 912 34 567' };
    expect(toUpdateInput({ ...values, assigneeKind: 'custom', customAssignee: custom }, job)).toEqual({
      bayId,
      customAssignee: custom,
    });
  });
});
