import { describe, expect, it } from 'vitest';
import {
  ATTRIBUTE_LEVELS,
  type AttributeValue,
  type BayMetricRule,
  compareValues,
  convertThreshold,
  convertValue,
  EVALUATION_REASONS,
  evaluateAttribute,
  OPERATORS,
  type Operator,
  prepareAttribute,
  VALUE_TYPES,
} from './level-rules';
import { operatorSchema } from './level-schemas';
import { extractRecords, indexRecords } from './records';
import { nested } from './test-support';

/** Shape A of the simulator: records in the first array property, keyed by `bayId`. */
const statusBody = {
  site: 'Oslo',
  updatedAt: '2025-01-01T00:00:00Z',
  bays: [
    {
      bayId: 'hall-1',
      state: 'RUNNING',
      temperature: 38.2,
      chemicals: { soap: 72, wax: 4 },
      sensors: [{ k: 'temp', v: '38,2' }],
      errorCode: null,
      doorOpen: false,
    },
    { bayId: 'hall-2', state: 'ERROR', temperature: 95, chemicals: { soap: 12 }, doorOpen: 'ja' },
  ],
};

const index = indexRecords(extractRecords(statusBody) ?? [], 'bayId');

function rule(overrides: Partial<BayMetricRule>): BayMetricRule {
  return {
    keyValue: 'hall-1',
    path: 'temperature',
    type: 'number',
    operator: 'gt',
    thresholdCritical: '90',
    thresholdWarning: '70',
    thresholdInactive: '',
    thresholdActive: '0',
    ...overrides,
  };
}

describe('constants', () => {
  it('lists the levels, operators and types of docs/domain.md', () => {
    expect(ATTRIBUTE_LEVELS).toEqual(['active', 'inactive', 'warning', 'critical', 'nodata']);
    expect(OPERATORS).toEqual(['eq', 'ne', 'gt', 'gte', 'lt', 'lte']);
    expect(VALUE_TYPES).toEqual(['string', 'number', 'boolean', 'counter']);
    expect(operatorSchema.safeParse('like').error?.issues[0]?.message).toBe('Ugyldig operator');
  });
});

describe('convertValue', () => {
  it.each<[unknown, number]>([
    [38.2, 38.2],
    [0, 0],
    [-4, -4],
    ['12,5', 12.5],
    ['12.5', 12.5],
    ['  7 ', 7],
    ['-0,5', -0.5],
    [',5', 0.5],
    ['+3', 3],
    ['1e3', 1000],
  ])('reads %j as the number %j', (raw, value) => {
    expect(convertValue(raw, 'number')).toEqual({ ok: true, value });
  });

  it.each<unknown>([
    '',
    '  ',
    null,
    undefined,
    true,
    false,
    'abc',
    '12a',
    '1.2.3',
    '1 234',
    '0x10',
    'NaN',
    'Infinity',
    Number.NaN,
    Number.POSITIVE_INFINITY,
    {},
    [1],
    '12,',
  ])('does not read %j as a number', (raw) => {
    expect(convertValue(raw, 'number')).toEqual({ ok: false });
  });

  it.each<[unknown, boolean]>([
    [true, true],
    [false, false],
    [1, true],
    [0, false],
    ['true', true],
    ['FALSE', false],
    ['1', true],
    ['0', false],
    ['On', true],
    ['off', false],
    ['JA', true],
    [' nei ', false],
  ])('reads %j as the boolean %j', (raw, value) => {
    expect(convertValue(raw, 'boolean')).toEqual({ ok: true, value });
  });

  it.each<unknown>(['', 'yes', 'sant', 2, -1, 0.5, null, undefined, {}, []])(
    'does not read %j as a boolean',
    (raw) => {
      expect(convertValue(raw, 'boolean')).toEqual({ ok: false });
    },
  );

  it.each<[unknown, string]>([
    ['RUNNING', 'RUNNING'],
    ['', ''],
    [38.2, '38.2'],
    [0, '0'],
    [true, 'true'],
    [false, 'false'],
  ])('reads %j as the string %j', (raw, value) => {
    expect(convertValue(raw, 'string')).toEqual({ ok: true, value });
  });

  it.each<unknown>([null, undefined, {}, ['a'], Number.NaN])('does not read %j as a string', (raw) => {
    expect(convertValue(raw, 'string')).toEqual({ ok: false });
  });

  it('skips blank thresholds and converts the rest with the type', () => {
    expect(convertThreshold('', 'number')).toEqual({ ok: false });
    expect(convertThreshold('  ', 'string')).toEqual({ ok: false });
    expect(convertThreshold(null, 'boolean')).toEqual({ ok: false });
    expect(convertThreshold(undefined, 'number')).toEqual({ ok: false });
    expect(convertThreshold('7,5', 'number')).toEqual({ ok: true, value: 7.5 });
    expect(convertThreshold('nei', 'boolean')).toEqual({ ok: true, value: false });
  });
});

describe('compareValues', () => {
  const table: [AttributeValue, AttributeValue, Record<Operator, boolean>][] = [
    [5, 3, { eq: false, ne: true, gt: true, gte: true, lt: false, lte: false }],
    [3, 3, { eq: true, ne: false, gt: false, gte: true, lt: false, lte: true }],
    [-1.5, 3, { eq: false, ne: true, gt: false, gte: false, lt: true, lte: true }],
    ['ok', 'ok', { eq: true, ne: false, gt: false, gte: true, lt: false, lte: true }],
    ['ok', 'OK', { eq: false, ne: true, gt: false, gte: false, lt: true, lte: true }],
    ['b', 'a', { eq: false, ne: true, gt: true, gte: true, lt: false, lte: false }],
    ['E10', 'E9', { eq: false, ne: true, gt: true, gte: true, lt: false, lte: false }],
    ['æ', 'z', { eq: false, ne: true, gt: true, gte: true, lt: false, lte: false }],
    [true, true, { eq: true, ne: false, gt: false, gte: false, lt: false, lte: false }],
    [true, false, { eq: false, ne: true, gt: false, gte: false, lt: false, lte: false }],
  ];

  for (const [value, threshold, expected] of table) {
    for (const operator of OPERATORS) {
      it(`${JSON.stringify(value)} ${operator} ${JSON.stringify(threshold)} → ${expected[operator]}`, () => {
        expect(compareValues(value, operator, threshold)).toBe(expected[operator]);
      });
    }
  }

  it('never holds across types', () => {
    for (const operator of OPERATORS) {
      expect(compareValues(1, operator, '1')).toBe(false);
      expect(compareValues(true, operator, 1)).toBe(false);
    }
  });
});

describe('evaluateAttribute: levels, thresholds and value types', () => {
  it.each<[number, string]>([
    [95, 'critical'],
    [90.5, 'critical'],
    [75, 'warning'],
    [38, 'active'],
    [-5, 'warning'],
  ])('gives a temperature of %j the level %s', (temperature, level) => {
    const records = indexRecords([{ bayId: 'hall-1', temperature }], 'bayId');
    expect(evaluateAttribute(records, rule({})).level).toBe(level);
  });

  it('tries critical first: a value meeting critical and warning is critical', () => {
    const result = evaluateAttribute(index, rule({ keyValue: 'hall-2' }));
    expect(result).toEqual({ level: 'critical', value: 95, rawValue: 95, reason: 'kritisk: 95 > 90' });
  });

  it('tries inactive before active', () => {
    const result = evaluateAttribute(index, rule({ thresholdInactive: '30', thresholdActive: '0' }));
    expect(result.level).toBe('inactive');
  });

  it('gives warning with a reason when no threshold holds', () => {
    const result = evaluateAttribute(index, rule({ thresholdActive: '50' }));
    expect(result).toEqual({
      level: 'warning',
      value: 38.2,
      rawValue: 38.2,
      reason: EVALUATION_REASONS.outsideThresholds,
    });
    expect(result.reason).toBe('verdi utenfor tersklene');
  });

  it('skips empty and unconvertible thresholds', () => {
    const noCritical = rule({ thresholdCritical: '', thresholdWarning: '  ', thresholdActive: '0' });
    expect(evaluateAttribute(index, { ...noCritical, keyValue: 'hall-2' }).level).toBe('active');
    expect(evaluateAttribute(index, rule({ thresholdCritical: 'høy', thresholdWarning: null })).level).toBe(
      'active',
    );
    const none = rule({ thresholdCritical: null, thresholdWarning: null, thresholdActive: undefined });
    expect(evaluateAttribute(index, none).level).toBe('warning');
  });

  it('reads chemical levels with lt/lte and nested or indexed paths', () => {
    const soap = rule({
      path: 'chemicals.soap',
      operator: 'lte',
      thresholdCritical: '5',
      thresholdWarning: '15',
      thresholdActive: '100',
    });
    expect(evaluateAttribute(index, soap).level).toBe('active');
    expect(evaluateAttribute(index, { ...soap, keyValue: 'hall-2' }).level).toBe('warning');
    expect(evaluateAttribute(index, { ...soap, path: 'chemicals.wax' }).level).toBe('critical');
    const sensor = rule({ path: 'sensors[0].v' });
    expect(evaluateAttribute(index, sensor)).toMatchObject({
      level: 'active',
      value: 38.2,
      rawValue: '38,2',
    });
    expect(evaluateAttribute(index, { ...sensor, path: 'sensors.0.v' }).value).toBe(38.2);
  });

  it('compares strings and booleans with eq', () => {
    const state = rule({
      path: 'state',
      type: 'string',
      operator: 'eq',
      thresholdCritical: 'ERROR',
      thresholdWarning: '',
      thresholdInactive: 'OFFLINE',
      thresholdActive: 'RUNNING',
    });
    expect(evaluateAttribute(index, state).level).toBe('active');
    expect(evaluateAttribute(index, { ...state, keyValue: 'hall-2' }).level).toBe('critical');
    const door = rule({
      path: 'doorOpen',
      type: 'boolean',
      operator: 'eq',
      thresholdCritical: '',
      thresholdWarning: 'true',
      thresholdActive: 'false',
    });
    expect(evaluateAttribute(index, door)).toMatchObject({ level: 'active', value: false });
    expect(evaluateAttribute(index, { ...door, keyValue: 'hall-2' })).toMatchObject({
      level: 'warning',
      value: true,
    });
  });
});

describe('evaluateAttribute: missing data, paths and prepared attributes', () => {
  it('gives nodata with a reason for a missing record, path, null or unconvertible value', () => {
    expect(evaluateAttribute(index, rule({ keyValue: 'hall-9' }))).toEqual({
      level: 'nodata',
      value: null,
      rawValue: null,
      reason: 'fant ingen post med nøkkelen «hall-9»',
    });
    expect(evaluateAttribute(index, rule({ path: 'pressure' })).reason).toBe(
      'fant ikke verdien på stien «pressure»',
    );
    expect(evaluateAttribute(index, rule({ path: 'a..b' })).reason).toBe('ugyldig sti «a..b»');
    expect(evaluateAttribute(index, rule({ path: 'errorCode' }))).toMatchObject({
      level: 'nodata',
      reason: 'verdien på stien «errorCode» er tom',
    });
    expect(evaluateAttribute(index, rule({ path: 'state' }))).toEqual({
      level: 'nodata',
      value: null,
      rawValue: 'RUNNING',
      reason: 'verdien kan ikke leses som tall',
    });
    expect(evaluateAttribute(index, rule({ path: 'chemicals', type: 'string' })).reason).toBe(
      'verdien kan ikke leses som tekst',
    );
    expect(evaluateAttribute(index, rule({ path: 'state', type: 'boolean' })).reason).toBe(
      'verdien kan ikke leses som sann/usann',
    );
    expect(evaluateAttribute(new Map(), rule({})).level).toBe('nodata');
  });

  it('gives nodata for prototype paths in a JSON body', () => {
    const body = JSON.parse(
      '[{"id": "1", "__proto__": {"temperature": 99}, "constructor": {"temperature": 99}}]',
    );
    const records = indexRecords(extractRecords(body) ?? [], 'id');
    expect(evaluateAttribute(records, rule({ keyValue: '1', path: '__proto__.temperature' })).level).toBe(
      'nodata',
    );
    expect(evaluateAttribute(records, rule({ keyValue: '1', path: 'constructor.temperature' })).level).toBe(
      'nodata',
    );
    expect(evaluateAttribute(records, rule({ keyValue: '1', path: 'constructor' })).level).toBe('nodata');
  });

  it('reads a value 50 levels deep', () => {
    const { value, path } = nested(50, '72,5');
    const records = indexRecords([{ id: 'deep', value }], 'id');
    expect(evaluateAttribute(records, rule({ keyValue: 'deep', path: `value.${path}` }))).toMatchObject({
      level: 'warning',
      value: 72.5,
    });
  });

  it('matches numeric keys as strings (shape C units)', () => {
    const body = {
      data: {
        units: [
          { unit: 1, running: true },
          { unit: 2, running: false },
        ],
      },
    };
    const records = indexRecords(extractRecords(body, 'data.units') ?? [], 'unit');
    const running = rule({
      keyValue: '2',
      path: 'running',
      type: 'boolean',
      operator: 'eq',
      thresholdCritical: '',
      thresholdWarning: '',
      thresholdInactive: 'false',
      thresholdActive: 'true',
    });
    expect(evaluateAttribute(records, running).level).toBe('inactive');
  });

  it('gives the same result for a prepared attribute, evaluated many times', () => {
    const prepared = prepareAttribute(rule({ keyValue: 'hall-2' }));
    expect(prepared.thresholds.map((t) => t.level)).toEqual(['critical', 'warning', 'active']);
    const records = indexRecords(
      Array.from({ length: 1000 }, (_, i) => ({ bayId: `hall-${i}`, temperature: i % 100 })),
      'bayId',
    );
    const levels = Array.from(
      { length: 50_000 },
      (_, i) => evaluateAttribute(records, { ...prepared, keyValue: `hall-${i % 1000}` }).level,
    );
    expect(levels.filter((l) => l === 'critical')).toHaveLength(9 * 500);
    expect(evaluateAttribute(index, prepared)).toEqual(
      evaluateAttribute(index, rule({ keyValue: 'hall-2' })),
    );
  });
});

describe('a counter', () => {
  const counter = (cycles: unknown) =>
    evaluateAttribute(
      indexRecords([{ bayId: 'hall-1', cycles }], 'bayId'),
      rule({
        path: 'cycles',
        type: 'counter',
        thresholdCritical: '',
        thresholdWarning: '',
        thresholdActive: '',
      }),
    );

  it('is active while it is read, whatever its value: it has no thresholds', () => {
    expect(counter(1204)).toEqual({
      level: 'active',
      value: 1204,
      rawValue: 1204,
      reason: 'telleren er lest',
    });
    expect(counter('0')).toMatchObject({ level: 'active', value: 0 });
  });

  it('has no data for a value that is not a whole number of 0 or more', () => {
    for (const raw of [-1, 12.5, 'mange', null]) expect(counter(raw).level).toBe('nodata');
    expect(counter(-1).reason).toBe('verdien kan ikke leses som teller (helt tall, 0 eller mer)');
  });
});
