import {
  type AttributeLevel,
  type AttributeValue,
  EVALUATION_REASONS,
  evaluateAttribute,
  indexRecords,
  type JsonRecord,
  prepareAttribute,
  type RecordIndex,
} from '@vaskedrift/shared';
import type { Rule, RuleCore } from './rules.repository';

export type Evaluated<R extends RuleCore = Rule> = {
  rule: R;
  level: AttributeLevel;
  value: AttributeValue | null;
  reason: string;
};

/** Attributes evaluated between two yields to the event loop: a 10,000-attribute API never blocks it long. */
const BATCH = 1000;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Evaluates every rule against a response's records (shared evaluation: one record index per key
 * identifier, each path parsed once). `records` null: the response held no list of records, and every
 * attribute has no data.
 */
export async function evaluateRules<R extends RuleCore>(
  rules: R[],
  records: JsonRecord[] | null,
): Promise<Evaluated<R>[]> {
  if (records === null) return everyAttribute(rules, 'nodata', EVALUATION_REASONS.noRecords);
  const indexes = new Map<string, RecordIndex>();
  const out: Evaluated<R>[] = [];
  for (let i = 0; i < rules.length; i++) {
    if (i > 0 && i % BATCH === 0) await yieldToEventLoop();
    const rule = rules[i] as R;
    let index = indexes.get(rule.keyIdentifier);
    if (!index) {
      index = indexRecords(records, rule.keyIdentifier);
      indexes.set(rule.keyIdentifier, index);
    }
    const result = evaluateAttribute(index, rule.preparedRule ?? prepareAttribute(rule));
    out.push({ rule, level: result.level, value: result.value, reason: result.reason });
  }
  return out;
}

/** The same level and reason for every rule (an API that stopped answering: `nodata`). */
export function everyAttribute<R extends RuleCore>(
  rules: R[],
  level: AttributeLevel,
  reason: string,
): Evaluated<R>[] {
  return rules.map((rule) => ({ rule, level, value: null, reason }));
}
