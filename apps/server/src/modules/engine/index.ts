// The status engine: checks APIs, evaluates their attributes, stores readings, and hands level changes to
// alerts and bay status (modules/bays) in one plan per check (check-plan.ts, check-apply.ts).
export {
  type EngineChanges,
  NO_ENGINE_CHANGES,
  publishEngineChanges,
  retireAttributes,
} from './attribute-lifecycle';
// The quiet checks' batch with its rules cache: bench/rules-memory.ts measures the cache through it.
export { createCheckBatch } from './check-batch';
export { ENGINE_POOL_SIZE } from './check-processor';
export type { StoredApi } from './claims.repository';
export { createEngine, type Engine } from './engine';
export { runManualCheck } from './manual-check';
