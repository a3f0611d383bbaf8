import { NOTIFICATION_MESSAGES, type Recipient } from '@vaskedrift/shared';
import { describe, expect, it } from 'vitest';
import {
  recipientFormValues,
  toCreateRecipient,
  toUpdateRecipient,
  validateRecipient,
} from './recipient-form';

const GROUP_ID = '7d9f1c1e-8a5b-4c1e-9a53-2f0f6f0b1a11';
const LOCATION_ID = '0b8f4a57-3f3c-4f6a-9a1d-6c0b0e7f2d22';

const saved: Recipient = {
  id: 'c3d2a1b0-1111-4222-8333-944455566677',
  kind: 'group',
  name: 'Teknikere',
  email: null,
  userId: null,
  groupId: GROUP_ID,
  memberCount: 3,
  tags: ['critical', 'escalation'],
  reminderHours: 2,
  reminderMinutes: 30,
  allLocations: false,
  locations: [{ id: LOCATION_ID, name: 'Vask Sentrum' }],
  createdAt: '2026-11-24T10:00:00.000Z',
  updatedAt: '2026-11-24T10:00:00.000Z',
};

describe('recipient form', () => {
  it('turns a group for chosen facilities into the create body', () => {
    expect(toCreateRecipient({ ...recipientFormValues(saved), reminderHours: '1' })).toEqual({
      recipient: { kind: 'group', groupId: GROUP_ID },
      tags: ['critical', 'escalation'],
      reminderHours: 1,
      reminderMinutes: 30,
      allLocations: false,
      locationIds: [LOCATION_ID],
    });
  });

  it('sends no facilities when every facility is chosen', () => {
    const values = { ...recipientFormValues(saved), scope: 'all' as const };
    expect(toUpdateRecipient(saved.id, values)).toMatchObject({ allLocations: true, locationIds: [] });
  });

  it('asks for a user when none is picked', () => {
    const errors = validateRecipient(recipientFormValues(null), null);
    expect(errors['recipient.userId']).toBe(NOTIFICATION_MESSAGES.recipientRequired);
  });

  it('asks for a facility when chosen facilities are empty, and for a tag', () => {
    const values = { ...recipientFormValues(saved), tags: [], locationIds: [] };
    expect(validateRecipient(values, saved.id)).toMatchObject({
      tags: NOTIFICATION_MESSAGES.tagsRequired,
      locationIds: NOTIFICATION_MESSAGES.locationsRequired,
    });
  });

  it('checks a custom address with the shared messages', () => {
    const values = recipientFormValues(null);
    values.recipient = { ...values.recipient, kind: 'custom', name: 'Kari', email: 'ikke-en-adresse' };
    expect(Object.keys(validateRecipient(values, null))).toEqual(['recipient.email']);
  });
});
