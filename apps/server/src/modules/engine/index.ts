// The status engine: checks APIs, evaluates their attributes, stores readings and alerts, derives bay status.
export { type ApiSecrets, createApiSecrets, secretsLeftAsStored } from './api-secrets';
export {
  type EngineChanges,
  NO_ENGINE_CHANGES,
  publishEngineChanges,
  retireAttributes,
} from './attribute-lifecycle';
export { rederiveBays } from './bay-derivation';
export { canSetStatusByHand, changeBayStatus, publishStatusChanges } from './bay-status';
export { applyBayStatusChanges, closeOpenPeriods, openFirstPeriods } from './bay-status.repository';
export { createEngine, type Engine } from './engine';
export { EVALUATED_ATTRIBUTE, type StoredApi } from './engine.repository';
export { baysInMaintenance } from './maintenance-seam';
export { runManualCheck } from './manual-check';
