import { NOTIFICATION_EVENT_TYPES } from '@vaskedrift/shared';
import { describe, expect, it } from 'vitest';
import { alertPayload } from '../../../test/alert-payload';
import { renderEmail } from './email-templates';
import type { AlertEventPayload, ApiEventPayload, MaintenanceEventPayload } from './payloads';
import { formatTime } from './template-words';

const publicUrl = 'https://drift.example.no';
const all = { publicUrl, visibleLocationIds: null, role: 'admin' } as const;
const operator = { publicUrl, visibleLocationIds: null, role: 'operator' } as const;
/** The no-break space between a number and its unit. */
const u = (text: string) => text.replace(/ (bar|°C)/g, '\u00a0$1');

const alert: AlertEventPayload = {
  ...alertPayload({ locationId: 'loc-1', bayId: 'bay-1' }),
  bayName: 'Hall 2',
  at: '2026-07-01T10:15:00.000Z',
};

describe('notification e-mails', () => {
  it('tells an alert in Norwegian with facility, bay, level, value and threshold in its words, Oslo time and the link', () => {
    const email = renderEmail({ type: 'alert.opened', payload: alert }, all);
    expect(email.subject).toBe('Kritisk: Vanntrykk på Vask Bryn – Hall 2');
    expect(email.text).toContain(u('Vanntrykk 1,2 bar · kritisk under 2 bar'));
    expect(email.text).toContain('Attributt: Vanntrykk\n');
    expect(email.text).toContain('Nivå: Kritisk (før: OK)');
    expect(email.text).toContain(u('Verdi: 1,2 bar'));
    expect(email.text).toContain(u('Terskel: under 2 bar'));
    expect(email.text.startsWith(u('Vanntrykk 1,2 bar · kritisk under 2 bar\n'))).toBe(true);
    expect(email.text).toContain('Tidspunkt: 01.07.2026, 12:15');
    expect(email.text).toContain('https://drift.example.no/locations/loc-1/bays/bay-1');
    // The raw path and the engine's reason (a decimal point) are for the admin forms, not for the reader.
    expect(email.text).not.toContain('pressure');
    expect(email.text).not.toContain('1.2');
  });

  it("leads an operator, a viewer and a custom address to the dashboard with the bay's panel open", () => {
    expect(renderEmail({ type: 'alert.opened', payload: alert }, operator).text).toContain(
      'Åpne vaskehallen: https://drift.example.no/?bay=bay-1\n',
    );
    for (const role of ['user', null] as const) {
      expect(renderEmail({ type: 'alert.opened', payload: alert }, { ...all, role }).text).toContain(
        'https://drift.example.no/?bay=bay-1',
      );
    }
    expect(
      renderEmail({ type: 'alert.opened', payload: alert }, { ...all, role: 'superadmin' }).text,
    ).toContain('https://drift.example.no/locations/loc-1/bays/bay-1');
  });

  it('gives a boolean its words, and a value with no threshold its reason', () => {
    const door: AlertEventPayload = {
      ...alert,
      attributeName: 'Dør',
      type: 'boolean',
      unit: null,
      trueLabel: 'Åpen',
      falseLabel: 'Lukket',
      operator: 'eq',
      value: true,
      threshold: 'true',
    };
    const email = renderEmail({ type: 'alert.opened', payload: door }, operator);
    expect(email.text).toContain('Dør Åpen · kritisk når Åpen');
    expect(email.text).toContain('Verdi: Åpen');
    const noData = renderEmail(
      {
        type: 'alert.info',
        payload: {
          ...alert,
          level: 'nodata',
          value: null,
          threshold: null,
          reason: 'API-et svarer ikke: tidsavbrudd',
        },
      },
      operator,
    );
    expect(noData.text).toContain('Vanntrykk – · ingen data');
    expect(noData.text).toContain('Årsak: API-et svarer ikke: tidsavbrudd');
  });

  it('reads an event recorded before display names with the name it has and plain words', () => {
    const { type: _t, unit: _u, trueLabel: _tl, falseLabel: _fl, ...old } = alert;
    const email = renderEmail({ type: 'alert.opened', payload: { ...old, value: 2500.5 } }, all);
    expect(email.text).toContain('Vanntrykk 2\u202f500,5 · kritisk under 2');
  });

  it('shows – for every field an event lacks, for every event type', () => {
    for (const type of Object.keys(NOTIFICATION_EVENT_TYPES)) {
      const email = renderEmail({ type, payload: {} }, all);
      expect(email.subject.length).toBeGreaterThan(0);
      expect(email.text).not.toMatch(/undefined|null|NaN|\[object/);
    }
    expect(renderEmail({ type: 'alert.resolved', payload: {} }, all).text).toContain('Årsak: –');
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
      { publicUrl, visibleLocationIds: new Set(['l2']), role: 'operator' },
    );
    expect(email.subject).toBe('API svarer ikke: Kontroller nord');
    expect(email.text).toContain('- Anlegg 2 – Hall 2: https://drift.example.no/?bay=b2');
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
