import { type CrossingThresholds, convertThreshold } from '@vaskedrift/shared';
import type { ObservedAttribute } from './series-entry';

/**
 * Converted thresholds by operator and threshold text, shared: most attributes share theirs, so a check
 * converts none and the memory does not grow with the attributes (started over past `THRESHOLDS_KEPT`).
 */
const THRESHOLDS_KEPT = 10_000;
const convertedThresholds = new Map<string, CrossingThresholds>();

/** The rule's warning and critical thresholds as numbers for `predictCrossing` (null: none or not a number). */
export function thresholdsOf(rule: ObservedAttribute['rule']): CrossingThresholds {
  const key = `${rule.operator}\u0000${rule.thresholdWarning}\u0000${rule.thresholdCritical}`;
  let thresholds = convertedThresholds.get(key);
  if (!thresholds) {
    if (convertedThresholds.size >= THRESHOLDS_KEPT) convertedThresholds.clear();
    thresholds = convertThresholds(rule);
    convertedThresholds.set(key, thresholds);
  }
  return thresholds;
}

function convertThresholds(rule: ObservedAttribute['rule']): CrossingThresholds {
  const threshold = (raw: string) => {
    const converted = convertThreshold(raw, 'number');
    return converted.ok && typeof converted.value === 'number'
      ? { op: rule.operator, value: converted.value }
      : null;
  };
  return { warning: threshold(rule.thresholdWarning), critical: threshold(rule.thresholdCritical) };
}
