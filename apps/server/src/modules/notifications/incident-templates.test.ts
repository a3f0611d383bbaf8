import { describe, expect, it } from 'vitest';
import { renderDesktop } from './desktop';
import { renderEmail } from './email-templates';
import type { IncidentEventPayload } from './payloads';
import { webhookBody } from './webhook-fanout';

const publicUrl = 'https://drift.example.no';
const all = { publicUrl, visibleLocationIds: null, role: 'admin' } as const;
/** The no-break space between a number and its unit. */
const u = (text: string) => text.replace(/ (bar|°C|%)/g, '\u00a0$1');

const cause = (over: Partial<IncidentEventPayload['causes'][number]>) =>
  ({
    kind: 'attribute',
    attributeName: 'Vanntrykk',
    path: 'pressure',
    type: 'number',
    unit: 'bar',
    trueLabel: null,
    falseLabel: null,
    operator: 'lt',
    level: 'critical',
    value: 1.2,
    threshold: '2',
    reason: 'kritisk: 1.2 < 2',
    ...over,
  }) as IncidentEventPayload['causes'][number];

const incident: IncidentEventPayload = {
  incidentId: 'inc-1',
  locationId: 'loc-1',
  locationName: 'Vask Bryn',
  bayId: 'bay-1',
  bayName: 'Hall 2',
  apiId: null,
  apiName: null,
  level: 'critical',
  previousLevel: null,
  openedAt: '2026-07-01T10:15:00.000Z',
  resolvedAt: null,
  durationSeconds: null,
  causes: [
    cause({}),
    cause({ attributeName: 'Temperatur', unit: '°C', operator: 'gt', value: 95, threshold: '90' }),
    cause({ attributeName: 'Såpenivå', unit: '%', level: 'warning', value: 15, threshold: '20' }),
  ],
  bays: [],
  at: '2026-07-01T10:15:00.000Z',
};
const resolved: IncidentEventPayload = {
  ...incident,
  resolvedAt: '2026-07-01T10:27:00.000Z',
  durationSeconds: 12 * 60,
};

describe('incident messages', () => {
  it('opens with every cause in its words, the bay, the time, the incident and the link', () => {
    const email = renderEmail({ type: 'incident.opened', payload: incident }, all);
    expect(email.subject).toBe('Kritisk: Vask Bryn – Hall 2');
    expect(email.text).toContain('Vask Bryn – Hall 2 har 3 årsaker til varsel.\n\nÅrsaker:\n');
    expect(email.text).toContain(u('- Vanntrykk 1,2 bar · kritisk under 2 bar\n'));
    expect(email.text).toContain(u('- Temperatur 95 °C · kritisk over 90 °C\n'));
    expect(email.text).toContain(u('- Såpenivå 15 % · advarsel under 20 %\n'));
    expect(email.text).toContain('Åpnet: 01.07.2026, 12:15');
    expect(email.text).toContain('Hendelse: inc-1');
    expect(email.text).toContain('Åpne vaskehallen: https://drift.example.no/locations/loc-1/bays/bay-1');
  });

  it('worsens and resolves in words, the end with how long it lasted', () => {
    const worse = renderEmail(
      { type: 'incident.worsened', payload: { ...incident, previousLevel: 'warning' } },
      all,
    );
    expect(worse.subject).toBe('Forverret til kritisk: Vask Bryn – Hall 2');
    expect(worse.text.startsWith('Hendelsen på Vask Bryn – Hall 2 er forverret til kritisk.')).toBe(true);
    const end = renderEmail({ type: 'incident.resolved', payload: resolved }, all);
    expect(end.subject).toBe('Løst: Vask Bryn – Hall 2 (varte 12\u00a0min)');
    expect(end.text).toContain('er løst etter 12\u00a0min.');
    expect(end.text).toContain(
      '- Vanntrykk (var kritisk)\n- Temperatur (var kritisk)\n- Såpenivå (var advarsel)',
    );
    expect(end.text).toContain('Løst: 01.07.2026, 12:27 (varte 12\u00a0min)');
  });

  it("names an API's incident and lists only the bays the address may see", () => {
    const api: IncidentEventPayload = {
      ...incident,
      bayId: null,
      bayName: null,
      apiId: 'api-1',
      apiName: 'Kasse',
      causes: [{ kind: 'api', apiId: 'api-1', apiName: 'Kasse', reason: 'tidsavbrudd', failures: 3 }],
      bays: [
        { bayId: 'b1', bayName: 'Hall 1', locationId: 'loc-1', locationName: 'Vask Bryn' },
        { bayId: 'b2', bayName: 'Hall 2', locationId: 'loc-1', locationName: 'Vask Bryn' },
      ],
    };
    const email = renderEmail({ type: 'incident.opened', payload: api }, all);
    expect(email.subject).toBe('Kritisk: API-et Kasse svarer ikke – Vask Bryn');
    expect(email.text).toContain('- API-et Kasse svarer ikke: tidsavbrudd');
    expect(email.text).toContain('- Vask Bryn – Hall 1: https://drift.example.no/locations/loc-1/bays/b1');
    expect(renderDesktop({ id: 1, type: 'incident.opened', payload: api }, null, 'admin').url).toBe(
      '/locations/loc-1',
    );
  });

  it('is one desktop notification with its causes, and a webhook body with the incident', () => {
    const shown = renderDesktop({ id: 4, type: 'incident.opened', payload: incident }, null, 'operator');
    expect(shown).toMatchObject({
      title: 'Kritisk: Vask Bryn – Hall 2',
      level: 'critical',
      url: '/?bay=bay-1',
    });
    expect(shown.body.split('\n')).toHaveLength(3);
    const body = JSON.parse(
      webhookBody(
        { id: 9, type: 'incident.resolved', createdAt: new Date('2026-07-01T10:27:00Z'), payload: resolved },
        publicUrl,
      ),
    );
    expect(body).toMatchObject({
      type: 'incident.resolved',
      incident: {
        id: 'inc-1',
        level: 'critical',
        openedAt: incident.openedAt,
        resolvedAt: resolved.resolvedAt,
        durationSeconds: 720,
      },
    });
    expect(body.incident.causes).toHaveLength(3);
  });

  it('opened at a prediction reads as the prediction, in every channel (decision 035)', () => {
    const predicted: IncidentEventPayload = {
      ...incident,
      level: 'prediction',
      causes: [
        {
          kind: 'prediction',
          level: 'prediction',
          expectedLevel: 'critical',
          expectedAt: '2026-07-01T10:55:00.000Z',
          confidence: 0.8,
          attributeName: 'Vanntrykk',
          path: 'pressure',
          unit: 'bar',
          value: 2.4,
          direction: 'falling',
          at: '2026-07-01T10:15:00.000Z',
        },
      ],
    };
    const email = renderEmail({ type: 'incident.opened', payload: predicted }, all);
    expect(email.subject).toBe(
      u('Forventet kritisk om ca. 40 min: Vask Bryn – Hall 2 – vanntrykk 2,4 bar og synkende'),
    );
    expect(email.text.startsWith('Trenden i målingene peker mot terskelen.')).toBe(true);
    expect(email.text).toContain(
      u('- Vanntrykk 2,4 bar og synkende · forventet kritisk 01.07.2026, 12:55 (sikkerhet høy)\n'),
    );
    expect(email.text).toContain('Nivå: Forvarsel');
    expect(email.text).toContain('Hendelse: inc-1');
    const shown = renderDesktop({ id: 5, type: 'incident.opened', payload: predicted }, null, 'operator');
    expect(shown.title).toBe(email.subject);
    expect(shown.body).toContain('forventet kritisk');
    const body = JSON.parse(
      webhookBody(
        { id: 10, type: 'incident.opened', createdAt: new Date('2026-07-01T10:15:00Z'), payload: predicted },
        publicUrl,
      ),
    );
    expect(body.incident).toMatchObject({ id: 'inc-1', level: 'prediction' });
    expect(body.incident.causes).toEqual([
      expect.objectContaining({
        kind: 'prediction',
        level: 'prediction',
        expectedAt: '2026-07-01T10:55:00.000Z',
        confidence: 0.8,
      }),
    ]);
  });
});
