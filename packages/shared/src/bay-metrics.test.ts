import { describe, expect, it } from 'vitest';
import { createBayMetricSchema, thresholdIssues, thresholdOrderIssues } from './bay-metrics';

const input = {
  bayId: '00000000-0000-4000-8000-000000000001',
  apiMetricId: '00000000-0000-4000-8000-000000000002',
  keyValue: 'hall-1',
  path: 'waterPressure',
  type: 'number',
  thresholdInactive: '',
} as const;

const messages = (value: unknown) =>
  createBayMetricSchema.safeParse(value).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('threshold order (docs/domain.md, Validation)', () => {
  it("refuses '<' with Kritisk 5 over Advarsel 3, naming both fields", () => {
    expect(
      messages({
        ...input,
        operator: 'lt',
        thresholdCritical: '5',
        thresholdWarning: '3',
        thresholdActive: '',
      }),
    ).toEqual([['thresholdWarning', 'Advarsel kan ikke være lavere enn Kritisk med operatoren <']]);
  });

  it("refuses '>' with Advarsel over Kritisk and Aktiv over Advarsel", () => {
    expect(
      messages({
        ...input,
        operator: 'gt',
        thresholdCritical: '90',
        thresholdWarning: '95',
        thresholdActive: '96',
      }),
    ).toEqual([
      ['thresholdWarning', 'Advarsel kan ikke være høyere enn Kritisk med operatoren >'],
      ['thresholdActive', 'Aktiv kan ikke være høyere enn Advarsel med operatoren >'],
    ]);
    expect(
      messages({
        ...input,
        operator: 'gte',
        thresholdCritical: '90',
        thresholdWarning: '70',
        thresholdActive: '80',
      }),
    ).toEqual([['thresholdActive', 'Aktiv kan ikke være høyere enn Advarsel med operatoren ≥']]);
  });

  it('accepts the working orders, equal thresholds and decimal commas', () => {
    expect(
      messages({
        ...input,
        operator: 'gt',
        thresholdCritical: '90',
        thresholdWarning: '70',
        thresholdActive: '0',
      }),
    ).toEqual([]);
    expect(
      messages({
        ...input,
        operator: 'lte',
        thresholdCritical: '2',
        thresholdWarning: '2,5',
        thresholdActive: '2,5',
      }),
    ).toEqual([]);
  });

  it('compares the next threshold that is set when one is blank', () => {
    expect(
      thresholdOrderIssues('number', 'lt', {
        thresholdCritical: '5',
        thresholdWarning: '',
        thresholdActive: '3',
      }),
    ).toEqual([
      { path: 'thresholdActive', message: 'Aktiv kan ikke være lavere enn Kritisk med operatoren <' },
    ]);
  });

  it('leaves out the inactive threshold, eq and ne, text and booleans', () => {
    expect(
      thresholdOrderIssues('number', 'gt', {
        thresholdCritical: '90',
        thresholdInactive: '100',
        thresholdActive: '0',
      }),
    ).toEqual([]);
    expect(thresholdOrderIssues('number', 'eq', { thresholdCritical: '1', thresholdWarning: '2' })).toEqual(
      [],
    );
    expect(thresholdOrderIssues('number', 'ne', { thresholdCritical: '1', thresholdWarning: '2' })).toEqual(
      [],
    );
    expect(thresholdOrderIssues('string', 'gt', { thresholdCritical: 'A', thresholdWarning: 'B' })).toEqual(
      [],
    );
    expect(
      thresholdOrderIssues('boolean', 'lt', { thresholdCritical: 'true', thresholdWarning: 'false' }),
    ).toEqual([]);
  });

  it('reports a threshold that is not a number before any order', () => {
    expect(thresholdIssues('number', { thresholdCritical: 'x', thresholdWarning: '3' }, 'lt')).toEqual([
      { path: 'thresholdCritical', message: 'Terskelen må være et tall' },
    ]);
  });
});

describe('display fields', () => {
  it('are optional, trimmed, and blank means not set', () => {
    const parsed = createBayMetricSchema.parse({
      ...input,
      operator: 'lt',
      thresholdCritical: '2',
      thresholdWarning: '',
      thresholdActive: '',
      displayName: ' Vanntrykk ',
      unit: '',
    });
    expect(parsed).toMatchObject({ displayName: 'Vanntrykk', unit: null });
    expect(parsed.trueLabel).toBeUndefined();
  });

  it('refuse a unit longer than 12 characters', () => {
    expect(
      messages({
        ...input,
        operator: 'lt',
        thresholdCritical: '2',
        thresholdWarning: '',
        thresholdActive: '',
        unit: 'kubikkmeter per time',
      }),
    ).toEqual([['unit', 'Enheten kan ikke være lenger enn 12 tegn']]);
  });
});

describe('thresholdIssues of a counter', () => {
  it('wants every threshold blank, and none is missed', () => {
    expect(thresholdIssues('counter', { thresholdCritical: '', thresholdWarning: ' ' }, 'gte')).toEqual([]);
    expect(thresholdIssues('counter', { thresholdCritical: '100', thresholdActive: '1' }, 'gte')).toEqual([
      { path: 'thresholdCritical', message: 'En teller har ingen terskler: la feltet stå tomt' },
      { path: 'thresholdActive', message: 'En teller har ingen terskler: la feltet stå tomt' },
    ]);
  });
});
