import { type BayStatus, precedingStatus } from '../bay-status';
import type { AttributeLevel } from './level-rules';

/** The bay status an attribute level pulls towards. */
const LEVEL_BAY_STATUS: Record<AttributeLevel, BayStatus> = {
  critical: 'error',
  warning: 'warning',
  inactive: 'inactive',
  nodata: 'inactive',
  active: 'operational',
};

export interface BayStatusInput {
  inMaintenance: boolean;
  levels: Iterable<AttributeLevel>;
  /** The status set by hand, kept when the bay has no attributes. */
  manualStatus: BayStatus;
}

/**
 * docs/domain.md, Bay status: maintenance, then any critical → error, any warning → warning, any inactive or nodata →
 * inactive, otherwise operational; a bay without attributes keeps its manual status.
 */
export function deriveBayStatus({ inMaintenance, levels, manualStatus }: BayStatusInput): BayStatus {
  if (inMaintenance) return 'maintenance';
  const statuses: BayStatus[] = [];
  for (const level of levels) statuses.push(LEVEL_BAY_STATUS[level]);
  return statuses.length === 0 ? manualStatus : precedingStatus(statuses);
}
