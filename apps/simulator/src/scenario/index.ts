/*
 * The scenario with a truth (issue 26): seeded, replayable bays with a week's rhythm, wash counters and
 * faults whose onset, failure and repair are known, for bench/foresight.ts and the tests.
 */
export {
  type Anomaly,
  BayScenario,
  type Fault,
  NUMERIC_ATTRIBUTES,
  type NumericAttribute,
  SCENARIO_THRESHOLDS,
} from './bay-scenario';
export { HOUR_MS, hourOfWeek, WEEK_MS } from './rhythm';
