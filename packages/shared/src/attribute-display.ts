import {
  ATTRIBUTE_LEVEL_LABELS,
  type AttributeLevel,
  compareValues,
  convertThreshold,
  convertValue,
  LEVEL_CODES,
  type Operator,
  THRESHOLD_ORDER,
  type ThresholdField,
  type ValueType,
} from './evaluation';
import { formatQuantity, NO_VALUE, NUMBER_LOCALE } from './number-format';

/*
 * How a bay attribute's value reads to a person (docs/domain.md, Words: display name, unit): one sentence,
 * 'Vanntrykk 1,2 bar · kritisk under 2 bar', wherever a value is shown — the bay panel, tables, alerts,
 * e-mails, webhook and desktop payloads, charts. The raw path is for the admin forms only.
 */

/** What an admin sets on a bay attribute, or as defaults on its API attribute; null: not set. */
export type DisplayFields = {
  displayName: string | null;
  unit: string | null;
  trueLabel: string | null;
  falseLabel: string | null;
};

/** The words one attribute is shown with, defaults applied. */
export type ValueLabels = {
  /** The display name, else the API attribute's, else the path (what the screens showed before). */
  name: string;
  unit: string | null;
  /** The words for a boolean's true and false; null: 'Ja' and 'Nei' (or the language's). */
  trueLabel: string | null;
  falseLabel: string | null;
};

const given = (text: string | null | undefined) => (text == null || text.trim() === '' ? null : text.trim());

/** The bay attribute's own words, else its API attribute's defaults, else the path and plain words. */
export function valueLabels(
  own: Partial<DisplayFields>,
  defaults: Partial<DisplayFields> | null | undefined,
  path: string,
): ValueLabels {
  return {
    name: given(own.displayName) ?? given(defaults?.displayName) ?? path,
    unit: given(own.unit) ?? given(defaults?.unit),
    trueLabel: given(own.trueLabel) ?? given(defaults?.trueLabel),
    falseLabel: given(own.falseLabel) ?? given(defaults?.falseLabel),
  };
}

/** The words a reading is described with: Norwegian here; the web app passes its language's. */
export type DisplayWords = {
  levels: Record<AttributeLevel, string>;
  /** The threshold (already formatted) after its operator: 'under 2 bar'. */
  comparisons: Record<Operator, (threshold: string) => string>;
  /** A warning because the value met no threshold (docs/domain.md, Evaluation). */
  outsideThresholds: string;
  /** An active value with the nearest alarm threshold: 'aktiv (advarsel over 70 °C)'. */
  withLimit: (level: string, limit: string) => string;
  yes: string;
  no: string;
};

export const NORWEGIAN_DISPLAY_WORDS: DisplayWords = {
  levels: ATTRIBUTE_LEVEL_LABELS,
  comparisons: {
    eq: (t) => `når ${t}`,
    ne: (t) => `når ikke ${t}`,
    gt: (t) => `over ${t}`,
    gte: (t) => `ved ${t} eller mer`,
    lt: (t) => `under ${t}`,
    lte: (t) => `ved ${t} eller mindre`,
  },
  outsideThresholds: 'utenfor tersklene',
  withLimit: (level, limit) => `${level} (${limit})`,
  yes: 'Ja',
  no: 'Nei',
};

export type DisplayOptions = { locale?: string; words?: DisplayWords };

/**
 * A value as a person reads it: a number with its unit ('1,2 bar'), a boolean as its word ('Åpen'), text
 * as it is; '–' for none. `type` reads a stored threshold or a numeric string in the attribute's type.
 */
export function formatAttributeValue(
  value: unknown,
  labels: Pick<ValueLabels, 'unit' | 'trueLabel' | 'falseLabel'>,
  type?: ValueType,
  { locale = NUMBER_LOCALE, words = NORWEGIAN_DISPLAY_WORDS }: DisplayOptions = {},
): string {
  if (value == null || value === '') return NO_VALUE;
  let typed = value;
  if (type && typeof value !== type) {
    const converted = convertValue(value, type);
    if (converted.ok) typed = converted.value;
  }
  if (typeof typed === 'number') return formatQuantity(typed, labels.unit, locale);
  if (typeof typed === 'boolean')
    return typed ? (labels.trueLabel ?? words.yes) : (labels.falseLabel ?? words.no);
  return typeof typed === 'string' ? typed : JSON.stringify(typed);
}

/** A threshold as stored ('2', '2,5', 'true') in the attribute's words: '2 bar', '2,5 bar', 'Åpen'. */
export function formatThreshold(
  raw: string,
  type: ValueType,
  labels: Pick<ValueLabels, 'unit' | 'trueLabel' | 'falseLabel'>,
  options: DisplayOptions = {},
): string {
  const converted = convertThreshold(raw, type);
  return converted.ok ? formatAttributeValue(converted.value, labels, type, options) : raw.trim();
}

/** A reading to describe: the attribute's words, rule and thresholds, and the level and value read. */
export type DescribedReading = {
  labels: ValueLabels;
  type: ValueType;
  operator: Operator;
  thresholds: Partial<Record<ThresholdField, string | null>>;
  level: AttributeLevel | null;
  value: unknown;
};

const fieldOf = (level: AttributeLevel) => THRESHOLD_ORDER.find((t) => t.level === level)?.field;

/** `{thresholdCritical: '90'}` for a payload that carries only the threshold that held for `level`. */
export function thresholdsOfLevel(
  level: AttributeLevel | null | undefined,
  threshold: string | null | undefined,
): Partial<Record<ThresholdField, string>> {
  const field = level ? fieldOf(level) : undefined;
  return field && threshold != null && threshold.trim() !== '' ? { [field]: threshold } : {};
}

/**
 * Why the value has its level: the level and the threshold that holds ('kritisk under 2 bar'); a warning
 * that met no threshold ('advarsel: utenfor tersklene'); an active value with the nearest alarm threshold
 * ('aktiv (advarsel over 70 °C)'); the level alone for no data or a threshold no longer there. '' before
 * the first reading.
 */
export function levelPhrase(reading: DescribedReading, options: DisplayOptions = {}): string {
  const words = options.words ?? NORWEGIAN_DISPLAY_WORDS;
  const { level, type, operator, thresholds, labels } = reading;
  if (level === null) return '';
  const levelWord = words.levels[level];
  if (level === 'nodata') return levelWord;
  const phrase = (field: ThresholdField) => {
    const raw = thresholds[field];
    if (raw == null || raw.trim() === '') return null;
    return words.comparisons[operator](formatThreshold(raw, type, labels, options));
  };
  const field = fieldOf(level);
  const own = field ? phrase(field) : null;
  if (level === 'active') {
    const limit = (['thresholdWarning', 'thresholdCritical'] as const)
      .map((f) => ({ f, text: phrase(f) }))
      .find((l) => l.text !== null);
    if (!limit?.text) return own ? `${levelWord} ${own}` : levelWord;
    const limitLevel = words.levels[limit.f === 'thresholdWarning' ? 'warning' : 'critical'];
    return words.withLimit(levelWord, `${limitLevel} ${limit.text}`);
  }
  if (own && field && holds(reading, field)) return `${levelWord} ${own}`;
  if (level === 'warning') return `${levelWord}: ${words.outsideThresholds}`;
  return own ? `${levelWord} ${own}` : levelWord;
}

/** Whether the value meets the threshold of `field` (a warning may instead be "outside every threshold"). */
function holds(reading: DescribedReading, field: ThresholdField): boolean {
  const threshold = convertThreshold(reading.thresholds[field], reading.type);
  const value = convertValue(reading.value, reading.type);
  return threshold.ok && value.ok && compareValues(value.value, reading.operator, threshold.value);
}

/** 'Vanntrykk 1,2 bar · kritisk under 2 bar'; the name and value alone before the first reading. */
export function describeReading(reading: DescribedReading, options: DisplayOptions = {}): string {
  const value = formatAttributeValue(reading.value, reading.labels, reading.type, options);
  const why = levelPhrase(reading, options);
  return why ? `${reading.labels.name} ${value} · ${why}` : `${reading.labels.name} ${value}`;
}

/** Worst first: critical, warning, no data, inactive, active; never read with no data; not evaluated last. */
export function byWorstLevel(
  a: { lastLevel: AttributeLevel | null; evaluated?: boolean },
  b: { lastLevel: AttributeLevel | null; evaluated?: boolean },
): number {
  const rank = (m: typeof a) => (m.evaluated === false ? -1 : LEVEL_CODES[m.lastLevel ?? 'nodata']);
  return rank(b) - rank(a);
}
