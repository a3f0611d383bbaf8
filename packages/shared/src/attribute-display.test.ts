import { describe, expect, it } from 'vitest';
import {
  byWorstLevel,
  type DescribedReading,
  describeReading,
  formatAttributeValue,
  formatThreshold,
  levelPhrase,
  thresholdsOfLevel,
  valueLabels,
} from './attribute-display';
import { THOUSANDS_SPACE, UNIT_SPACE } from './number-format';

/** Hand-written expectations: ' ' before a unit is the no-break space, '_' the narrow one in thousands. */
const text = (written: string) =>
  written.replaceAll('_', THOUSANDS_SPACE).replace(/ (bar|°C|l)\b/g, `${UNIT_SPACE}$1`);

const pressure = valueLabels({ displayName: 'Vanntrykk', unit: 'bar' }, null, 'waterPressure');
const door = valueLabels({ displayName: 'Dør', trueLabel: 'Åpen', falseLabel: 'Lukket' }, null, 'doorOpen');

const pressureReading = (value: unknown, level: DescribedReading['level']): DescribedReading => ({
  labels: pressure,
  type: 'number',
  operator: 'lt',
  thresholds: {
    thresholdCritical: '2',
    thresholdWarning: '2,5',
    thresholdInactive: '',
    thresholdActive: '10',
  },
  level,
  value,
});

describe('valueLabels', () => {
  it('takes the bay attribute’s words, then the API attribute’s, then the path', () => {
    expect(valueLabels({ displayName: 'Vanntrykk' }, { displayName: 'Trykk', unit: 'bar' }, 'p')).toEqual({
      name: 'Vanntrykk',
      unit: 'bar',
      trueLabel: null,
      falseLabel: null,
    });
    expect(valueLabels({ displayName: '  ' }, { displayName: 'Trykk' }, 'p').name).toBe('Trykk');
    expect(valueLabels({ displayName: null, unit: null }, null, 'chemicals.soap')).toEqual({
      name: 'chemicals.soap',
      unit: null,
      trueLabel: null,
      falseLabel: null,
    });
  });
});

describe('formatAttributeValue', () => {
  it('writes numbers with the unit, booleans as their words, text as it is', () => {
    expect(formatAttributeValue(1.2, pressure)).toBe(text('1,2 bar'));
    expect(formatAttributeValue(2500.5, { ...pressure, unit: 'l' })).toBe(text('2_500,5 l'));
    expect(formatAttributeValue(true, door)).toBe('Åpen');
    expect(formatAttributeValue(false, door)).toBe('Lukket');
    expect(formatAttributeValue(false, pressure)).toBe('Nei');
    expect(formatAttributeValue('IDLE', pressure)).toBe('IDLE');
    expect(formatAttributeValue(null, pressure)).toBe('–');
  });

  it('reads a stored threshold in the attribute’s type', () => {
    expect(formatThreshold('2,5', 'number', pressure)).toBe(text('2,5 bar'));
    expect(formatThreshold('true', 'boolean', door)).toBe('Åpen');
    expect(formatThreshold('RUNNING', 'string', pressure)).toBe('RUNNING');
  });
});

describe('describeReading', () => {
  it('names the level and the threshold that holds: Vanntrykk 1,2 bar · kritisk under 2 bar', () => {
    expect(describeReading(pressureReading(1.2, 'critical'))).toBe(
      text('Vanntrykk 1,2 bar · kritisk under 2 bar'),
    );
    expect(describeReading(pressureReading(2.25, 'warning'))).toBe(
      text('Vanntrykk 2,25 bar · advarsel under 2,5 bar'),
    );
  });

  it('gives an active value the nearest alarm threshold', () => {
    expect(describeReading(pressureReading(3.1, 'active'))).toBe(
      text('Vanntrykk 3,1 bar · aktiv (advarsel under 2,5 bar)'),
    );
  });

  it('tells a warning outside every threshold', () => {
    // 12 bar is not under 10 either: no threshold holds.
    expect(describeReading(pressureReading(12, 'warning'))).toBe(
      text('Vanntrykk 12 bar · advarsel: utenfor tersklene'),
    );
  });

  it('describes booleans with their words and no data with the level alone', () => {
    const reading: DescribedReading = {
      labels: door,
      type: 'boolean',
      operator: 'eq',
      thresholds: { thresholdCritical: 'true', thresholdActive: 'false' },
      level: 'critical',
      value: true,
    };
    expect(describeReading(reading)).toBe('Dør Åpen · kritisk når Åpen');
    expect(describeReading({ ...reading, level: 'active', value: false })).toBe(
      'Dør Lukket · aktiv (kritisk når Åpen)',
    );
    expect(describeReading({ ...reading, level: 'nodata', value: null })).toBe('Dør – · ingen data');
    expect(describeReading({ ...reading, level: null, value: null })).toBe('Dør –');
  });

  it('describes a payload that carries only the threshold that held', () => {
    const reading: DescribedReading = {
      ...pressureReading(1.2, 'critical'),
      thresholds: thresholdsOfLevel('critical', '2'),
    };
    expect(levelPhrase(reading)).toBe(text('kritisk under 2 bar'));
    expect(thresholdsOfLevel('nodata', '2')).toEqual({});
  });
});

describe('byWorstLevel', () => {
  it('sorts critical, warning, no data, inactive, active, then attributes not evaluated', () => {
    const rows = [
      { id: 'a', lastLevel: 'active' as const, evaluated: true },
      { id: 'off', lastLevel: 'critical' as const, evaluated: false },
      { id: 'n', lastLevel: null, evaluated: true },
      { id: 'c', lastLevel: 'critical' as const, evaluated: true },
      { id: 'i', lastLevel: 'inactive' as const, evaluated: true },
      { id: 'w', lastLevel: 'warning' as const, evaluated: true },
    ];
    expect([...rows].sort(byWorstLevel).map((r) => r.id)).toEqual(['c', 'w', 'n', 'i', 'a', 'off']);
  });
});
