import { describe, expect, it } from 'vitest';
import { confidenceWord, leadTimeText, predictionHeadline } from './words';

describe('foresight words', () => {
  it('rounds the time left as a person says it', () => {
    expect(leadTimeText(30_000)).toBe('under 1 min');
    expect(leadTimeText(7 * 60_000)).toBe('ca. 7 min');
    expect(leadTimeText(38 * 60_000)).toBe('ca. 40 min');
    expect(leadTimeText(200 * 60_000)).toBe('ca. 3 t');
    expect(leadTimeText(Number.NaN)).toBe('–');
  });

  it('says how sure in three words', () => {
    expect([0.9, 0.7, 0.5, 0.39].map(confidenceWord)).toEqual(['high', 'high', 'medium', 'low']);
  });

  it("writes the message's headline", () => {
    expect(
      predictionHeadline({
        level: 'critical',
        at: '2026-03-02T08:00:00Z',
        expectedAt: '2026-03-02T08:41:00Z',
        place: 'Lade – Vaskehall 2',
        attributeName: 'Vanntrykk',
        value: 2.1,
        unit: 'bar',
        direction: 'falling',
      }),
    ).toBe('Forventet kritisk om ca. 40 min: Lade – Vaskehall 2 – vanntrykk 2,1\u00a0bar og synkende');
  });
});
