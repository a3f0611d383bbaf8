// Bays of a facility: their list, their changes, and their status (set by hand or derived, with its periods).
export { findBay, insertBay, lockBay } from './bays.repository';
export { baysRoutes } from './bays.routes';
export { createBaysService, mustFindBay } from './bays.service';
export {
  type BayStatusInputs,
  deriveStatusChanges,
  readBayStatusInputs,
  rederiveBays,
} from './status/bay-derivation';
export { EVALUATED_ATTRIBUTE } from './status/bay-levels.repository';
export {
  type AppliedStatusChange,
  type BayStatusChange,
  changeBayStatus,
  publishStatusChanges,
} from './status/bay-status';
export { applyBayStatusChanges, openFirstPeriods } from './status/status-periods.repository';
