import type { AttributeLevel } from '@vaskedrift/shared';

/**
 * What a notification event carries in `payload` (docs/decisions/019-notifications.md): the e-mail
 * templates and the webhook receivers read these. Recorded by the code that makes the change; rendered
 * defensively, since an old event may lack a field added later.
 */

/** `alert.opened|escalated|deescalated|resolved|info|unacknowledged`: one attribute of one bay. */
export type AlertEventPayload = {
  locationId: string;
  locationName: string;
  bayId: string;
  bayName: string;
  attributeName: string;
  path: string;
  level: AttributeLevel;
  previousLevel: AttributeLevel | null;
  value: string | number | boolean | null;
  /** The threshold text that held, or null. */
  threshold: string | null;
  operator: string | null;
  reason: string | null;
  /** ISO time. */
  at: string;
};

/** A bay behind an API, as `api.down`/`api.recovered` list them. */
export type ApiEventBay = { bayId: string; bayName: string; locationId: string; locationName: string };

/** `api.down|recovered`: one event about every bay behind the API. */
export type ApiEventPayload = {
  apiId: string;
  apiName: string;
  reason: string | null;
  failures: number;
  at: string;
  bays: ApiEventBay[];
};

/** `maintenance.started|assigned|reminder|overdue|ended`. */
export type MaintenanceEventPayload = {
  maintenanceId: string;
  locationId: string;
  locationName: string;
  bayId: string;
  bayName: string;
  type: string;
  assignee: { name: string; email: string } | null;
  startedAt: string;
  expiresAt: string | null;
  endedAt: string | null;
  description: string;
  /** 1 for the first reminder; only on `maintenance.reminder`. */
  reminderNumber?: number;
  startedBy: string | null;
  endedBy: string | null;
};

/** `system.webhook_disabled`: to every admin. */
export type WebhookDisabledPayload = {
  webhookId: string;
  name: string;
  url: string;
  failingSince: string | null;
  reason: string;
};
