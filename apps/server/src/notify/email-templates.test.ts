import { NOTIFICATION_EVENT_TYPES } from '@vaskedrift/shared';
import { describe, expect, it } from 'vitest';
import { alertPayload } from '../../test/notify';
import { formatTime, renderEmail } from './email-templates';
import type { AlertEventPayload, ApiEventPayload, MaintenanceEventPayload } from './payloads';

const publicUrl = 'https://drift.example.no';
const all = { publicUrl, visibleLocationIds: null };

const alert: AlertEventPayload = {
  ...alertPayload({ locationId: 'loc-1', bayId: 'bay-1' }),
  bayName: 'Hall 2',
  at: '2026-07-01T10:15:00.000Z',
};

describe('notification e-mails', () => {
  it('tells an alert in Norwegian with facility, bay, level, value, threshold, Oslo time and the link', () => {
    const email = renderEmail({ type: 'alert.opened', payload: alert }, all);
    expect(email.subject).toBe('Kritisk: Vanntrykk på Vask Bryn – Hall 2');
    expect(email.text).toContain('Nivå: Kritisk (før: OK)');
    expect(email.text).toContain('Verdi: 1.2');
    expect(email.text).toContain('Terskel: < 2');
    expect(email.text).toContain('Årsak: Under terskel');
    expect(email.text).toContain('Tidspunkt: 01.07.2026, 12:15');
    expect(email.text).toContain('https://drift.example.no/locations/loc-1/bays/bay-1');
  });

  it('shows – for every field an event lacks, for every event type', () => {
    for (const type of Object.keys(NOTIFICATION_EVENT_TYPES)) {
      const email = renderEmail({ type, payload: {} }, all);
      expect(email.subject.length).toBeGreaterThan(0);
      expect(email.text).not.toMatch(/undefined|null|NaN|\[object/);
    }
    expect(renderEmail({ type: 'alert.resolved', payload: {} }, all).text).toContain('Terskel: –');
    expect(formatTime('ikke en tid')).toBe('–');
  });

  it('lists for api.down only the bays of facilities the address may see', () => {
    const bay = (n: number) => ({
      bayId: `b${n}`,
      bayName: `Hall ${n}`,
      locationId: `l${n}`,
      locationName: `Anlegg ${n}`,
    });
    const payload: ApiEventPayload = {
      apiId: 'api-1',
      apiName: 'Kontroller nord',
      reason: 'Tidsavbrudd',
      failures: 3,
      at: alert.at,
      bays: [bay(1), bay(2)],
    };
    const email = renderEmail(
      { type: 'api.down', payload },
      { publicUrl, visibleLocationIds: new Set(['l2']) },
    );
    expect(email.subject).toBe('API svarer ikke: Kontroller nord');
    expect(email.text).toContain('Anlegg 2 – Hall 2');
    expect(email.text).not.toContain('Anlegg 1');
  });

  it('tells a maintenance reminder with its number, assignee, planned end and description', () => {
    const job: MaintenanceEventPayload = {
      maintenanceId: 'job-1',
      locationId: 'loc-1',
      locationName: 'Vask Bryn',
      bayId: 'bay-1',
      bayName: 'Hall 2',
      type: 'longtermservice',
      assignee: { name: 'Kari Nordmann', email: 'kari@example.no' },
      startedAt: '2026-01-10T08:00:00.000Z',
      expiresAt: '2026-01-10T12:00:00.000Z',
      endedAt: null,
      description: 'Bytte pumpe',
      reminderNumber: 2,
      startedBy: 'Ola Nordmann',
      endedBy: null,
    };
    const email = renderEmail({ type: 'maintenance.reminder', payload: job }, all);
    expect(email.subject).toBe('Påminnelse 2: vedlikehold pågår: Vask Bryn – Hall 2');
    expect(email.text).toContain('Type: Langtidsservice');
    expect(email.text).toContain('Ansvarlig: Kari Nordmann <kari@example.no>');
    expect(email.text).toContain('Startet: 10.01.2026, 09:00 av Ola Nordmann');
    expect(email.text).toContain('Planlagt slutt: 10.01.2026, 13:00');
    expect(email.text).toContain('Beskrivelse: Bytte pumpe');
  });
});
