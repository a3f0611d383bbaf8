import { type ParsedPath, parsePath, readPath } from './json-path';
import type { RecordIndex } from './records';

/*
 * The level rules: one bay attribute's value in a response's records, converted to its type and compared
 * with its thresholds, gives the attribute's level and the reason in Norwegian.
 */

/** An attribute's level after a reading; `nodata` when the record, the value or its conversion is missing. */
export const ATTRIBUTE_LEVELS = ['active', 'inactive', 'warning', 'critical', 'nodata'] as const;
export type AttributeLevel = (typeof ATTRIBUTE_LEVELS)[number];

/** How a bay attribute's value is compared with each threshold (`value <op> threshold`). */
export const OPERATORS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte'] as const;
export type Operator = (typeof OPERATORS)[number];

/**
 * `counter`: a number that only grows and may start over at 0 (a wash-cycle counter; docs/domain.md,
 * Washes). It has no thresholds: its level is `active` while it is read and `nodata` when it is not, and
 * its washes are counted from its increments (decision 034).
 */
export const VALUE_TYPES = ['string', 'number', 'boolean', 'counter'] as const;
export type ValueType = (typeof VALUE_TYPES)[number];

export type ValueOfType = { string: string; number: number; boolean: boolean; counter: number };
export type AttributeValue = ValueOfType[ValueType];

/** The thresholds in the order they are tried; the first that holds names the level. */
export const THRESHOLD_ORDER = [
  { level: 'critical', field: 'thresholdCritical' },
  { level: 'warning', field: 'thresholdWarning' },
  { level: 'inactive', field: 'thresholdInactive' },
  { level: 'active', field: 'thresholdActive' },
] as const satisfies readonly { level: AttributeLevel; field: string }[];

export type ThresholdField = (typeof THRESHOLD_ORDER)[number]['field'];

/** Norwegian labels of the levels, for reasons, logs and the UI. */
export const ATTRIBUTE_LEVEL_LABELS: Record<AttributeLevel, string> = {
  active: 'aktiv',
  inactive: 'inaktiv',
  warning: 'advarsel',
  critical: 'kritisk',
  nodata: 'ingen data',
};

const TYPE_LABELS: Record<ValueType, string> = {
  string: 'tekst',
  number: 'tall',
  boolean: 'sann/usann',
  counter: 'teller (helt tall, 0 eller mer)',
};
/** Severity order, as readings are stored (decision 007): the larger, the worse. */
export const LEVEL_CODES: Record<AttributeLevel, number> = {
  active: 0,
  inactive: 1,
  nodata: 2,
  warning: 3,
  critical: 4,
};

const LEVEL_BY_CODE: AttributeLevel[] = (Object.keys(LEVEL_CODES) as AttributeLevel[]).sort(
  (a, b) => LEVEL_CODES[a] - LEVEL_CODES[b],
);

export function levelFromCode(code: number): AttributeLevel {
  return LEVEL_BY_CODE[code] ?? 'nodata';
}

/** How an operator is written next to its threshold (`> 90`), in reasons and in the UI. */
export const OPERATOR_SYMBOLS: Record<Operator, string> = {
  eq: '=',
  ne: '≠',
  gt: '>',
  gte: '≥',
  lt: '<',
  lte: '≤',
};

export const EVALUATION_REASONS = {
  outsideThresholds: 'verdi utenfor tersklene',
  counterRead: 'telleren er lest',
  noRecords: 'svaret inneholder ingen poster',
  noRecord: (key: string) => `fant ingen post med nøkkelen «${key}»`,
  invalidPath: (path: string) => `ugyldig sti «${path}»`,
  noValue: (path: string) => `fant ikke verdien på stien «${path}»`,
  emptyValue: (path: string) => `verdien på stien «${path}» er tom`,
  notConvertible: (type: ValueType) => `verdien kan ikke leses som ${TYPE_LABELS[type]}`,
  thresholdHolds: (
    level: AttributeLevel,
    value: AttributeValue,
    operator: Operator,
    threshold: AttributeValue,
  ) =>
    `${ATTRIBUTE_LEVEL_LABELS[level]}: ${String(value)} ${OPERATOR_SYMBOLS[operator]} ${String(threshold)}`,
} as const;

export type Conversion<T> = { ok: true; value: T } | { ok: false };

const NOT_CONVERTIBLE = { ok: false } as const;
/** Optional sign, digits with an optional `.` or `,` decimal part, optional exponent. No thousands separators. */
const NUMERIC_TEXT = /^[+-]?(?:\d+(?:[.,]\d+)?|[.,]\d+)(?:[eE][+-]?\d+)?$/;
const TRUE_WORDS = new Set(['true', '1', 'on', 'ja']);
const FALSE_WORDS = new Set(['false', '0', 'off', 'nei']);

/**
 * Converts a raw JSON value to the attribute's type. number: finite numbers and numeric strings ('12,5'
 * and ' 12.5 ' → 12.5); boolean: true/false, 1/0 and the words true/false/1/0/on/off/ja/nei in any case;
 * string: strings as they are, numbers and booleans written out. null, undefined, objects and arrays
 * never convert.
 */
export function convertValue<T extends ValueType>(raw: unknown, type: T): Conversion<ValueOfType[T]>;
export function convertValue(raw: unknown, type: ValueType): Conversion<AttributeValue> {
  switch (type) {
    case 'number': {
      if (typeof raw === 'number') return Number.isFinite(raw) ? { ok: true, value: raw } : NOT_CONVERTIBLE;
      if (typeof raw !== 'string') return NOT_CONVERTIBLE;
      const text = raw.trim();
      if (!NUMERIC_TEXT.test(text)) return NOT_CONVERTIBLE;
      const value = Number(text.replace(',', '.'));
      return Number.isFinite(value) ? { ok: true, value } : NOT_CONVERTIBLE;
    }
    case 'boolean': {
      if (typeof raw === 'boolean') return { ok: true, value: raw };
      if (raw === 1 || raw === 0) return { ok: true, value: raw === 1 };
      if (typeof raw !== 'string') return NOT_CONVERTIBLE;
      const word = raw.trim().toLowerCase();
      if (TRUE_WORDS.has(word)) return { ok: true, value: true };
      if (FALSE_WORDS.has(word)) return { ok: true, value: false };
      return NOT_CONVERTIBLE;
    }
    case 'counter': {
      const number = convertValue(raw, 'number');
      return number.ok && Number.isInteger(number.value) && number.value >= 0 ? number : NOT_CONVERTIBLE;
    }
    case 'string': {
      if (typeof raw === 'string') return { ok: true, value: raw };
      if (typeof raw === 'number' && Number.isFinite(raw)) return { ok: true, value: String(raw) };
      if (typeof raw === 'boolean') return { ok: true, value: String(raw) };
      return NOT_CONVERTIBLE;
    }
  }
}

/** Strings order by Norwegian collation with numeric runs compared as numbers ('E9' < 'E10'). */
const collator = new Intl.Collator('nb', { numeric: true });

/**
 * `value <operator> threshold`. Numbers compare numerically. Strings: eq/ne exactly (case matters);
 * gt/gte/lt/lte by Norwegian collation (`collator`), rarely what a threshold needs. Booleans: eq/ne only,
 * the ordering operators never hold. Values of different types never hold.
 */
export function compareValues(value: AttributeValue, operator: Operator, threshold: AttributeValue): boolean {
  if (typeof value !== typeof threshold) return false;
  if (operator === 'eq') return value === threshold;
  if (operator === 'ne') return value !== threshold;
  let order: number;
  if (typeof value === 'number') order = value - (threshold as number);
  else if (typeof value === 'string') order = collator.compare(value, threshold as string);
  else return false;
  switch (operator) {
    case 'gt':
      return order > 0;
    case 'gte':
      return order >= 0;
    case 'lt':
      return order < 0;
    case 'lte':
      return order <= 0;
  }
}

/** A bay attribute as stored: thresholds are strings, blank (or null) when not used. */
export interface BayMetricRule {
  keyValue: string;
  path: string;
  type: ValueType;
  operator: Operator;
  thresholdCritical?: string | null;
  thresholdWarning?: string | null;
  thresholdInactive?: string | null;
  thresholdActive?: string | null;
}

/** A bay attribute with its path parsed and thresholds converted, ready to evaluate many times. */
export interface PreparedBayMetric {
  readonly prepared: true;
  readonly keyValue: string;
  readonly path: string;
  readonly parsedPath: ParsedPath | null;
  readonly type: ValueType;
  readonly operator: Operator;
  /** The usable thresholds in evaluation order; blank or unconvertible ones are left out. */
  readonly thresholds: readonly { level: AttributeLevel; value: AttributeValue }[];
}

/** A threshold in the attribute's type; blank (skipped) and unconvertible both give `{ ok: false }`. */
export function convertThreshold(
  raw: string | null | undefined,
  type: ValueType,
): Conversion<AttributeValue> {
  if (raw === null || raw === undefined || raw.trim() === '') return NOT_CONVERTIBLE;
  return convertValue(raw, type);
}

export function prepareAttribute(rule: BayMetricRule): PreparedBayMetric {
  return {
    prepared: true,
    keyValue: rule.keyValue,
    path: rule.path,
    parsedPath: remembered(parsedPaths, rule.path, () => parsePath(rule.path)),
    type: rule.type,
    operator: rule.operator,
    thresholds: remembered(
      convertedThresholds,
      `${rule.type}\u0000${THRESHOLD_ORDER.map(({ field }) => rule[field] ?? '').join('\u0000')}`,
      () => {
        const thresholds: { level: AttributeLevel; value: AttributeValue }[] = [];
        for (const { level, field } of THRESHOLD_ORDER) {
          const converted = convertThreshold(rule[field], rule.type);
          if (converted.ok) thresholds.push({ level, value: converted.value });
        }
        return thresholds;
      },
    ),
  };
}

/*
 * The status engine prepares every attribute of an API at each check, and most attributes share their
 * path and thresholds with others: parsed paths and converted thresholds are kept (read-only), up to
 * `REMEMBERED` of each, then started over.
 */
const REMEMBERED = 10_000;
const parsedPaths = new Map<string, ParsedPath | null>();
const convertedThresholds = new Map<string, readonly { level: AttributeLevel; value: AttributeValue }[]>();

function remembered<T>(cache: Map<string, T>, key: string, make: () => T): T {
  if (cache.has(key)) return cache.get(key) as T;
  if (cache.size >= REMEMBERED) cache.clear();
  const value = make();
  cache.set(key, value);
  return value;
}

export interface AttributeEvaluation {
  level: AttributeLevel;
  /** The value in the attribute's type; null when it could not be read or converted. */
  value: AttributeValue | null;
  /** What the response held at the path (null when nothing was found there). */
  rawValue: unknown;
  /** Why, in Norwegian: the threshold that held, or what was missing. */
  reason: string;
}

function noData(reason: string, rawValue: unknown = null): AttributeEvaluation {
  return { level: 'nodata', value: null, rawValue, reason };
}

/** One bay attribute against one response's records, indexed by the API attribute's key identifier. */
export function evaluateAttribute(
  records: RecordIndex,
  attribute: BayMetricRule | PreparedBayMetric,
): AttributeEvaluation {
  const rule = 'prepared' in attribute ? attribute : prepareAttribute(attribute);
  const record = records.get(rule.keyValue);
  if (record === undefined) return noData(EVALUATION_REASONS.noRecord(rule.keyValue));
  if (rule.parsedPath === null) return noData(EVALUATION_REASONS.invalidPath(rule.path));
  const reading = readPath(record, rule.parsedPath);
  if (!reading.found) return noData(EVALUATION_REASONS.noValue(rule.path));
  if (reading.value === null || reading.value === undefined) {
    return noData(EVALUATION_REASONS.emptyValue(rule.path));
  }
  const converted = convertValue(reading.value, rule.type);
  if (!converted.ok) return noData(EVALUATION_REASONS.notConvertible(rule.type), reading.value);
  if (rule.type === 'counter') {
    return {
      level: 'active',
      value: converted.value,
      rawValue: reading.value,
      reason: EVALUATION_REASONS.counterRead,
    };
  }
  for (const threshold of rule.thresholds) {
    if (compareValues(converted.value, rule.operator, threshold.value)) {
      return {
        level: threshold.level,
        value: converted.value,
        rawValue: reading.value,
        reason: EVALUATION_REASONS.thresholdHolds(
          threshold.level,
          converted.value,
          rule.operator,
          threshold.value,
        ),
      };
    }
  }
  return {
    level: 'warning',
    value: converted.value,
    rawValue: reading.value,
    reason: EVALUATION_REASONS.outsideThresholds,
  };
}
