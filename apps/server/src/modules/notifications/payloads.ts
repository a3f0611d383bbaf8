import type { AttributeLevel, IncidentCause, IncidentLevel, ValueType } from '@vaskedrift/shared';

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
  /** The name shown (docs/domain.md, Words: display name), as the attribute was named when it was told. */
  attributeName: string;
  path: string;
  /** How the value reads ('1,2 bar', 'Åpen'); absent in events recorded before display names. */
  type?: ValueType | null;
  unit?: string | null;
  trueLabel?: string | null;
  falseLabel?: string | null;
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

/**
 * `incident.opened|worsened|resolved` (decision 033): recorded with what the change knew; `level`, `causes`,
 * `resolvedAt` and `durationSeconds` of a bay's incident are read again when it is dispatched, so causes that
 * joined within the group wait are in the one opening message.
 */
export type IncidentEventPayload = {
  incidentId: string;
  locationId: string;
  locationName: string;
  /** A bay's incident; null for an API's. */
  bayId: string | null;
  bayName: string | null;
  /** An API's incident; null for a bay's. */
  apiId: string | null;
  apiName: string | null;
  level: IncidentLevel;
  /** What recipients were told before: on `incident.worsened`, the level of the opening. */
  previousLevel: IncidentLevel | null;
  openedAt: string;
  resolvedAt: string | null;
  durationSeconds: number | null;
  causes: IncidentCause[];
  /** An API's incident: the facility's bays behind it. */
  bays: ApiEventBay[];
  /** ISO time of the change told. */
  at: string;
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
