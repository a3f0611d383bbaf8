import type { AttributeLevel, Operator, ValueType } from './evaluation';

/*
 * Incidents (docs/domain.md, Incidents; docs/decisions/033-incidents.md): one fault of one bay with all its
 * causes, or one facility whose API stopped answering. Recipients are told of an incident, not of each
 * attribute: `incident.opened`, `incident.worsened` (warning → critical) and `incident.resolved`.
 */

export type IncidentLevel = 'warning' | 'critical';

/** One attribute of the bay out of its thresholds, as it was when the incident was told. */
export type IncidentAttributeCause = {
  kind: 'attribute';
  /** The name shown (docs/domain.md, Words). */
  attributeName: string;
  path: string | null;
  type: ValueType | null;
  unit: string | null;
  trueLabel: string | null;
  falseLabel: string | null;
  operator: Operator | null;
  level: AttributeLevel;
  value: string | number | boolean | null;
  /** The threshold text that held for the level, or null. */
  threshold: string | null;
  reason: string | null;
};

/** The API behind the facility that stopped answering. */
type IncidentApiCause = {
  kind: 'api';
  apiId: string;
  apiName: string;
  reason: string | null;
  failures: number;
};

export type IncidentCause = IncidentAttributeCause | IncidentApiCause;

/** What a webhook receiver gets in `incident`: the same id from the opening to the resolution. */
export type WebhookIncident = {
  id: string;
  level: IncidentLevel;
  openedAt: string;
  resolvedAt: string | null;
  /** From opening to resolution; null while it is open. */
  durationSeconds: number | null;
  causes: IncidentCause[];
};
