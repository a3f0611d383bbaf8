import type { AttributeLevel, Operator, ValueType } from './evaluation';

/*
 * Incidents (docs/domain.md, Incidents; docs/decisions/033-incidents.md): one fault of one bay with all its
 * causes, or one facility whose API stopped answering. Recipients are told of an incident, not of each
 * attribute: `incident.opened`, `incident.worsened` (warning → critical) and `incident.resolved`. A bay's
 * expected crossing (docs/domain.md, Foresight) is a cause too, and one alone opens the incident at level
 * `prediction`, below `warning`: told to `prediction` recipients only (decision 035).
 */

export type IncidentLevel = 'prediction' | 'warning' | 'critical';

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

/** An attribute of the bay expected to cross its threshold within the horizon (docs/domain.md, Foresight). */
export type IncidentPredictionCause = {
  kind: 'prediction';
  /** Always 'prediction': nothing has crossed yet; `expectedLevel` is the threshold expected. */
  level: 'prediction';
  expectedLevel: 'warning' | 'critical';
  /** ISO time the threshold is expected to be crossed. */
  expectedAt: string;
  /** 0–1 (docs/domain.md, Foresight). */
  confidence: number;
  attributeName: string;
  path: string | null;
  unit: string | null;
  /** The value when it was predicted, and which way it moves. */
  value: number | null;
  direction: 'falling' | 'rising' | null;
  /** ISO time of the prediction. */
  at: string;
};

/** The API behind the facility that stopped answering. */
type IncidentApiCause = {
  kind: 'api';
  apiId: string;
  apiName: string;
  reason: string | null;
  failures: number;
};

export type IncidentCause = IncidentAttributeCause | IncidentPredictionCause | IncidentApiCause;

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
