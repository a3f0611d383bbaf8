import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { apis, bayMetrics } from './apis';
import { bays, locations } from './locations';
import { users } from './users';

/**
 * Incidents (docs/domain.md, Incidents; decision 033): what one fault does to one bay — its open alerts,
 * each a cause — or to one facility whose API stopped answering (`api_id`, no bay). Recipients are told of
 * an incident, not of each alert: when it opens, when it worsens and when it is resolved. At most one open
 * incident per bay, and per API and facility, by unique partial indexes. A bay's expected crossings
 * (`incident_predictions`, decision 035) are causes too: one may open the bay's incident, at level
 * `prediction`, below `warning`.
 */
export const incidents = pgTable(
  'incidents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    /** The bay whose alerts are its causes; null for an API's incident. */
    bayId: uuid('bay_id').references(() => bays.id, { onDelete: 'cascade' }),
    /** The API that stopped answering; null for a bay's incident. */
    apiId: uuid('api_id').references(() => apis.id, { onDelete: 'cascade' }),
    /** The highest level of its open causes ('prediction' while its only causes are expected crossings). */
    level: text('level', { enum: ['critical', 'warning', 'prediction'] }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** The highest level recipients were told of; null while nothing was (pending period, maintenance, mute). */
    notifiedLevel: text('notified_level', { enum: ['critical', 'warning', 'prediction'] }),
    acknowledgedBy: uuid('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('incidents_open_per_bay_key')
      .on(t.bayId)
      .where(sql`${t.resolvedAt} is null and ${t.bayId} is not null`),
    uniqueIndex('incidents_open_per_api_key')
      .on(t.apiId, t.locationId)
      .where(sql`${t.resolvedAt} is null and ${t.apiId} is not null`),
    index('incidents_location_idx').on(t.locationId, t.openedAt),
    check('incidents_level_check', sql`${t.level} in ('critical', 'warning', 'prediction')`),
    check('incidents_subject_check', sql`(${t.bayId} is null) <> (${t.apiId} is null)`),
  ],
);

/**
 * Expected crossings as causes of their bay's incident (decision 035; migration 0035): an attribute whose
 * trend is expected to cross its warning or critical threshold within the horizon joins the bay's open
 * incident, or opens one at level `prediction`; it is resolved when the prediction ends (the threshold
 * crossed, the trend turned). At most one open per attribute. The attribute's name is copied in, as alerts do.
 */
export const incidentPredictions = pgTable(
  'incident_predictions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    bayMetricId: uuid('bay_metric_id').references(() => bayMetrics.id, { onDelete: 'set null' }),
    bayId: uuid('bay_id')
      .notNull()
      .references(() => bays.id, { onDelete: 'cascade' }),
    attributeName: text('attribute_name').notNull(),
    /** The threshold expected to be crossed. */
    level: text('level', { enum: ['critical', 'warning'] }).notNull(),
    expectedAt: timestamp('expected_at', { withTimezone: true }).notNull(),
    confidence: real('confidence').notNull(),
    /** The value when it was predicted, and which way it moves. */
    value: doublePrecision('value'),
    direction: text('direction', { enum: ['falling', 'rising'] }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('incident_predictions_open_per_attribute_key')
      .on(t.bayMetricId)
      .where(sql`${t.resolvedAt} is null`),
    index('incident_predictions_incident_idx').on(t.incidentId),
    check('incident_predictions_level_check', sql`${t.level} in ('critical', 'warning')`),
  ],
);

/**
 * Alerts: an attribute in `critical` or `warning`. At most one open alert per attribute, enforced by a
 * unique partial index; it escalates and de-escalates in place and is resolved when the attribute is back
 * to `active`. The attribute's name is copied in, so history reads well after the attribute is deleted.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bayMetricId: uuid('bay_metric_id').references(() => bayMetrics.id, { onDelete: 'set null' }),
    bayId: uuid('bay_id')
      .notNull()
      .references(() => bays.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    attributeName: text('attribute_name').notNull(),
    level: text('level', { enum: ['critical', 'warning'] }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    acknowledgedBy: uuid('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    lastValue: jsonb('last_value').$type<unknown>(),
    reason: text('reason'),
    inMaintenance: boolean('in_maintenance').notNull().default(false),
    /**
     * The level that held its pending period, and so counts in its incident's messages; null while the
     * pending period runs.
     */
    notifiedLevel: text('notified_level'),
    /** The incident it is a cause of (its bay's, decision 033). */
    incidentId: uuid('incident_id').references(() => incidents.id, { onDelete: 'set null' }),
    /** When the unacknowledged critical alert was escalated (once per alert). */
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('alerts_open_per_attribute_key').on(t.bayMetricId).where(sql`${t.resolvedAt} is null`),
    index('alerts_location_idx').on(t.locationId, t.openedAt),
    index('alerts_bay_idx').on(t.bayId, t.openedAt),
    index('alerts_open_idx').on(t.openedAt).where(sql`${t.resolvedAt} is null`),
    index('alerts_incident_idx').on(t.incidentId),
    // An attribute's latest alert (its incident) is read at every level change (migration 0030).
    index('alerts_attribute_idx').on(t.bayMetricId, t.openedAt),
    check('alerts_level_check', sql`${t.level} in ('critical', 'warning')`),
  ],
);

/**
 * What happened to an attribute's alert, and the `info` transitions (into `inactive` or `nodata`) that
 * open none. The notification issue reads these from the bus; the alert page shows them.
 */
export const alertEvents = pgTable(
  'alert_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    alertId: uuid('alert_id').references(() => alerts.id, { onDelete: 'cascade' }),
    bayMetricId: uuid('bay_metric_id').references(() => bayMetrics.id, { onDelete: 'set null' }),
    bayId: uuid('bay_id')
      .notNull()
      .references(() => bays.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: ['opened', 'escalated', 'deescalated', 'resolved', 'acknowledged', 'info'],
    }).notNull(),
    level: text('level'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    value: jsonb('value').$type<unknown>(),
    reason: text('reason'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('alert_events_alert_idx').on(t.alertId),
    index('alert_events_bay_idx').on(t.bayId, t.at),
    check(
      'alert_events_kind_check',
      sql`${t.kind} in ('opened', 'escalated', 'deescalated', 'resolved', 'acknowledged', 'info')`,
    ),
  ],
);
