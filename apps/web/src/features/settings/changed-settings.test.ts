import { describe, expect, it } from 'vitest';
import { changedSettings, settingsOf } from './changed-settings';

const loaded = {
  failureThreshold: 3,
  rawRetentionHours: 48,
  minuteRetentionDays: 14,
  hourRetentionDays: 365,
  checkLogRetentionDays: 30,
  escalationMinutes: 15,
  predictionHorizonMinutes: 60,
};

describe('changedSettings', () => {
  it('sends only what differs from what was loaded', () => {
    expect(changedSettings(loaded, { ...loaded, escalationMinutes: 20, failureThreshold: 3 })).toEqual({
      escalationMinutes: 20,
    });
    expect(changedSettings(loaded, { ...loaded })).toEqual({});
  });
  it('takes the settings of an answer and leaves when and by whom', () => {
    expect(settingsOf({ ...loaded, updatedAt: null, updatedBy: null } as typeof loaded)).toEqual(loaded);
  });
});
