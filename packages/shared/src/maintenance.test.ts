import { describe, expect, it } from 'vitest';
import { maintenanceStatsSchema, startMaintenanceSchema, updateMaintenanceSchema } from './maintenance';

const bayId = '7d1f0c9e-4b5a-4c3e-9f1a-2b3c4d5e6f70';
const messages = (result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('maintenance contracts', () => {
  const start = { bayId, type: 'service', assigneeId: bayId, reminderHours: 0, reminderMinutes: 15 };

  it('accepts a reminder of minutes only and fills in the defaults', () => {
    const parsed = startMaintenanceSchema.parse(start);
    expect(parsed).toMatchObject({ description: '', notifyUsers: false, reminderMinutes: 15 });
  });

  it('wants a user or a custom person, not both', () => {
    const custom = { name: 'Kari Nordmann', email: 'kari@example.com', phone: '91234567' };
    expect(messages(startMaintenanceSchema.safeParse({ ...start, assigneeId: undefined }))).toEqual({
      assigneeId: 'Du må velge en bruker',
    });
    expect(messages(startMaintenanceSchema.safeParse({ ...start, customAssignee: custom }))).toEqual({
      assigneeId: 'Velg enten en bruker eller en egen person, ikke begge',
    });
  });

  it('takes hours and minutes together on update, and either alone is refused', () => {
    expect(updateMaintenanceSchema.safeParse({ bayId, description: 'Ny pumpe' }).success).toBe(true);
    expect(messages(updateMaintenanceSchema.safeParse({ bayId, reminderMinutes: 10 }))).toEqual({
      reminderHours: 'Påminnelse må settes',
    });
  });

  it('needs exactly one of bay and facility for figures, and a range forwards', () => {
    const range = { from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' };
    expect(messages(maintenanceStatsSchema.safeParse({ bayId, locationId: bayId, ...range }))).toEqual({
      bayId: 'Oppgi vaskehall eller anlegg',
      to: 'Fra må være før til',
    });
  });
});
