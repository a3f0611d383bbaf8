/*
 * The status engine's evaluation (docs/domain.md, Evaluation), pure: a controller's response → records → one level
 * per bay attribute → the bay's status. The server runs it for every check and every pushed body, tens of
 * thousands of attributes per half minute, so the pieces are split to be reused: index a response's
 * records once per key identifier, parse each path once (`prepareAttribute`), then evaluate.
 */

export { deriveBayStatus } from './bay-status-rule';
export { type JsonRecord, type ParsedPath, parsePath, readPath } from './json-path';
export {
  ATTRIBUTE_LEVEL_LABELS,
  ATTRIBUTE_LEVELS,
  type AttributeEvaluation,
  type AttributeLevel,
  type AttributeValue,
  type BayMetricRule,
  compareValues,
  convertThreshold,
  convertValue,
  EVALUATION_REASONS,
  evaluateAttribute,
  LEVEL_CODES,
  levelFromCode,
  OPERATOR_SYMBOLS,
  OPERATORS,
  type Operator,
  type PreparedBayMetric,
  prepareAttribute,
  THRESHOLD_ORDER,
  type ThresholdField,
  VALUE_TYPES,
  type ValueType,
} from './level-rules';
export { attributeLevelSchema, operatorSchema, valueTypeSchema } from './level-schemas';
export { extractRecords, indexRecords, type RecordIndex } from './records';
