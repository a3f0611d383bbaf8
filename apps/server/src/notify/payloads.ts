import type { AttributeLevel, Operator } from '@vaskedrift/shared';

/**
 * What an alert's notification event carries (`alert.opened`, `alert.escalated`, `alert.deescalated`,
 * `alert.resolved`, `alert.info`, `alert.unacknowledged`): enough for the e-mail and the webhook without
 * another query. `threshold` is the threshold text that held, or null (no data, or outside every threshold).
 */
export type AlertEventPayload = {
  locationId: string;
  locationName: string;
  bayId: string;
  bayName: string;
  attributeName: string;
  path: string;
  level: AttributeLevel;
  previousLevel: AttributeLevel | null;
  value: unknown;
  threshold: string | null;
  operator: Operator;
  reason: string;
  /** ISO time of the check (or of the escalation). */
  at: string;
};

/** What `api.down` and `api.recovered` carry: the API, why, and every bay behind it. */
export type ApiEventPayload = {
  apiId: string;
  apiName: string;
  reason: string;
  failures: number;
  at: string;
  bays: Array<{ bayId: string; bayName: string; locationId: string; locationName: string }>;
};
