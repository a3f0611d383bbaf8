import type { AlertLevel, ApiStatus, AttributeLevel } from '@vaskedrift/shared';
import type { Actor } from './actor';

/** One alert's change, as the notification issue will deliver it (tags critical, warning, info). */
export type AlertChange = {
  alertId: string;
  bayMetricId: string;
  bayId: string;
  locationId: string;
  attributeName: string;
  level: AlertLevel;
  /** The attribute's level that caused the change (`active` for a resolution). */
  attributeLevel: AttributeLevel;
  value: unknown;
  reason: string;
  at: Date;
  /** The bay was in maintenance: recorded, but no notification is sent (docs/domain.md, Alerts). */
  inMaintenance: boolean;
};

/**
 * Events of the status engine. Admin changes carry the actor for the audit log and list changed field
 * names, never values (an API's headers may hold a password). Engine events are published only after the
 * transaction that stored them has committed.
 */
export type EngineEvents = {
  'api.created': Actor & { apiId: string; name: string };
  'api.updated': Actor & { apiId: string; name: string; fields: string[] };
  'api.deleted': Actor & { apiId: string; name: string };
  'api.status_changed': Actor & { apiId: string; name: string; status: ApiStatus };
  'api_metric.created': Actor & { apiMetricId: string; apiId: string; name: string };
  'api_metric.updated': Actor & { apiMetricId: string; apiId: string; name: string; fields: string[] };
  'api_metric.deleted': Actor & { apiMetricId: string; apiId: string; name: string };
  'bay_metric.created': Actor & {
    bayMetricId: string;
    bayId: string;
    locationId: string;
    apiMetricId: string;
  };
  'bay_metric.updated': Actor & { bayMetricId: string; bayId: string; locationId: string; fields: string[] };
  'bay_metric.deleted': Actor & { bayMetricId: string; bayId: string; locationId: string };
  /** A check or push failed; `thresholdReached` once the API's attributes have become `nodata`. */
  'api.check_failed': {
    apiId: string;
    name: string;
    source: 'poll' | 'push';
    reason: string;
    code: string;
    consecutiveFailures: number;
    thresholdReached: boolean;
    at: Date;
  };
  /** The first success after the failure threshold was reached. */
  'api.recovered': { apiId: string; name: string; failures: number; at: Date };
  /**
   * Attributes of one bay changed level in a check (published after it committed), each with the value that
   * did it: one event a bay, not one an attribute (a bulk add's first round sets five or more levels a bay
   * at once, and every event is a journal row and a message to each browser watching: issue 28).
   */
  'bay_metric.level_changed': {
    bayId: string;
    locationId: string;
    changes: Array<{
      bayMetricId: string;
      attributeName: string;
      from: AttributeLevel | null;
      to: AttributeLevel;
      value: unknown;
    }>;
    at: Date;
  };
  /**
   * An attribute's predicted threshold crossing appeared, changed level or disappeared (modules/foresight,
   * published after the check committed); `prediction` null: none now.
   */
  'bay_metric.prediction_changed': {
    bayMetricId: string;
    bayId: string;
    locationId: string;
    attributeName: string;
    from: 'warning' | 'critical' | null;
    prediction: { level: 'warning' | 'critical'; expectedAt: string; confidence: number } | null;
    value: number | null;
    at: Date;
  };
  'alert.opened': AlertChange;
  'alert.escalated': AlertChange;
  'alert.deescalated': AlertChange;
  'alert.resolved': AlertChange;
  /** An attribute became `inactive` or lost its data (`nodata`): an `info` event, no alert. */
  'alert.info': Omit<AlertChange, 'alertId' | 'level'> & { alertId: string | null };
  'alert.acknowledged': Actor & { alertId: string; bayId: string; locationId: string; level: AlertLevel };
};
