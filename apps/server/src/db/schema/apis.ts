import { type ApiDetails, AUTH_METHODS, VALUE_TYPES } from '@vaskedrift/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bays } from './locations';
import { sqlList } from './sql-list';
import { users } from './users';

/**
 * API connections: how to call one controller. Secrets are sealed (lib/secret-box) and never selected
 * into a response. `next_check_at` is the scheduler's claim: moving it forward is what takes a check
 * (decision 009). Deleting is soft, so check history and readings stay.
 */
export const apis = pgTable(
  'apis',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** A compact number the readings tables key their rows by instead of the 16-byte id (decision 022). */
    key: integer('key').notNull().generatedAlwaysAsIdentity().unique('apis_key_key'),
    name: text('name').notNull(),
    endpointUrl: text('endpoint_url').notNull(),
    authEndpointUrl: text('auth_endpoint_url'),
    tokenPath: text('token_path'),
    clientId: text('client_id'),
    clientSecretEncrypted: text('client_secret_encrypted'),
    apiKeyEncrypted: text('api_key_encrypted'),
    authMethod: text('auth_method', { enum: AUTH_METHODS }).notNull().default('none'),
    method: text('method', { enum: ['GET', 'POST'] })
      .notNull()
      .default('GET'),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    body: text('body'),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    details: jsonb('details').$type<ApiDetails>().notNull().default({}),
    checkInterval: integer('check_interval').notNull().default(60),
    status: text('status', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('enabled'),
    /** sha256 of the push token (lookups); the token itself sealed, so admins can be shown the URL. */
    pushTokenHash: text('push_token_hash').notNull(),
    pushTokenEncrypted: text('push_token_encrypted').notNull(),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull().defaultNow(),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    lastCheckAt: timestamp('last_check_at', { withTimezone: true }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    lastError: text('last_error'),
    /**
     * Moves on whenever what a check of this API reads from its bay attributes may have changed: their
     * rules, bays or facilities (triggers, migration 0018) and every check's write (decision 009). An
     * instance's cache of the API's rules is good while the number is the one it last saw.
     */
    rulesVersion: integer('rules_version').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // The scheduler's claim scans only what can be due.
    index('apis_due_idx').on(t.nextCheckAt).where(sql`${t.status} = 'enabled' and ${t.deletedAt} is null`),
    uniqueIndex('apis_push_token_key').on(t.pushTokenHash),
    check('apis_check_interval_check', sql`${t.checkInterval} >= 30`),
    check('apis_auth_method_check', sql`${t.authMethod} in (${sqlList(AUTH_METHODS)})`),
    check('apis_method_check', sql`${t.method} in ('GET', 'POST')`),
    check('apis_status_check', sql`${t.status} in ('enabled', 'disabled')`),
  ],
);

/** API attributes: one extraction rule on one API's response. */
export const apiMetrics = pgTable(
  'api_metrics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    apiId: uuid('api_id')
      .notNull()
      .references(() => apis.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    keyIdentifier: text('key_identifier').notNull(),
    targetKeys: text('target_keys').array().notNull().default(sql`'{}'::text[]`),
    /** Defaults for the bay attributes bound to it that set none of their own (docs/domain.md, Words). */
    displayName: text('display_name'),
    unit: text('unit'),
    trueLabel: text('true_label'),
    falseLabel: text('false_label'),
    status: text('status', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('enabled'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('api_metrics_api_idx').on(t.apiId),
    check('api_metrics_status_check', sql`${t.status} in ('enabled', 'disabled')`),
  ],
);

export const ATTRIBUTE_LEVEL_VALUES = ['active', 'inactive', 'warning', 'critical', 'nodata'] as const;

/**
 * Bay attributes: one bay bound to one API attribute, with the last reading (`last_*`, updated by every
 * check) and the last *stored* reading (`stored_*`, for the change-or-heartbeat rule of decision 007).
 * `series` is a compact number that readings refer to instead of the 16-byte id.
 */
export const bayMetrics = pgTable(
  'bay_metrics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    series: integer('series').notNull().generatedAlwaysAsIdentity().unique('bay_metrics_series_key'),
    bayId: uuid('bay_id')
      .notNull()
      .references(() => bays.id, { onDelete: 'cascade' }),
    apiMetricId: uuid('api_metric_id')
      .notNull()
      .references(() => apiMetrics.id, { onDelete: 'cascade' }),
    keyValue: text('key_value').notNull(),
    path: text('path').notNull(),
    type: text('type', { enum: VALUE_TYPES }).notNull(),
    operator: text('operator', { enum: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte'] }).notNull(),
    thresholdActive: text('threshold_active').notNull(),
    thresholdWarning: text('threshold_warning').notNull(),
    thresholdCritical: text('threshold_critical').notNull(),
    thresholdInactive: text('threshold_inactive').notNull(),
    /**
     * How the value is shown ('Vanntrykk 1,2 bar', 'Åpen'/'Lukket'); null: the API attribute's default,
     * else the path and plain words (docs/domain.md, Words). Not read by the checks, so no rules_version.
     */
    displayName: text('display_name'),
    unit: text('unit'),
    trueLabel: text('true_label'),
    falseLabel: text('false_label'),
    lastValue: jsonb('last_value').$type<string | number | boolean | null>(),
    lastLevel: text('last_level', { enum: ATTRIBUTE_LEVEL_VALUES }),
    lastReason: text('last_reason'),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    storedValue: jsonb('stored_value').$type<string | number | boolean | null>(),
    storedAt: timestamp('stored_at', { withTimezone: true }),
    /** Checks in a row the level must hold before its alert notifies (docs/domain.md, Notifications). */
    pendingChecks: integer('pending_checks').notNull().default(1),
    /**
     * Numbers: a reading is stored when it moved more than this percentage of the last stored value
     * (decision 022); null: the default (`DEFAULT_DEADBAND_PERCENT`). Ignored for text and booleans.
     */
    deadbandPercent: real('deadband_percent'),
    /** Checks in a row the current level has held, counted only up to `pendingChecks`. */
    levelChecks: integer('level_checks').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bay_metrics_api_metric_idx').on(t.apiMetricId),
    index('bay_metrics_bay_idx').on(t.bayId),
    check('bay_metrics_type_check', sql`${t.type} in (${sqlList(VALUE_TYPES)})`),
    check('bay_metrics_pending_checks_check', sql`${t.pendingChecks} between 1 and 100`),
    check('bay_metrics_deadband_check', sql`${t.deadbandPercent} between 0 and 100`),
    check('bay_metrics_operator_check', sql`${t.operator} in ('eq', 'ne', 'gt', 'gte', 'lt', 'lte')`),
    check(
      'bay_metrics_last_level_check',
      sql`${t.lastLevel} in ('active', 'inactive', 'warning', 'critical', 'nodata')`,
    ),
  ],
);

/**
 * Foresight's verdict of a bay attribute now (docs/domain.md, Foresight; decision 035): its expected
 * crossing (level, time, confidence), whether its last value was unusual, its normal range. Written by the
 * instance that learned it, in batches and only when it changed; read with the attribute on every instance.
 */
export const bayMetricForesight = pgTable(
  'bay_metric_foresight',
  {
    series: integer('series')
      .primaryKey()
      .references(() => bayMetrics.series, { onDelete: 'cascade' }),
    predictionLevel: text('prediction_level', { enum: ['warning', 'critical'] }),
    expectedAt: timestamp('expected_at', { withTimezone: true }),
    confidence: real('confidence'),
    unusual: boolean('unusual').notNull().default(false),
    normalLow: doublePrecision('normal_low'),
    normalHigh: doublePrecision('normal_high'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('bay_metric_foresight_level_check', sql`${t.predictionLevel} in ('warning', 'critical')`)],
);

/**
 * Unusual marks (docs/domain.md, Foresight and Statistics; migration 0033): one row per stretch of a bay
 * attribute's checks marked 'Uvanlig', from the check that marked it to the first that did not (`endedAt`
 * null while it stands). Written with the stored verdict; kept when the attribute is deleted, since the
 * statistics count what happened to the bay.
 */
export const bayMetricUnusual = pgTable(
  'bay_metric_unusual',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    series: integer('series').notNull(),
    bayId: uuid('bay_id')
      .notNull()
      .references(() => bays.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bay_metric_unusual_open_key').on(t.series).where(sql`${t.endedAt} is null`),
    index('bay_metric_unusual_bay_idx').on(t.bayId, t.startedAt),
  ],
);

/**
 * The API's check log: every failure, the first success after failures, and a sampled success now and
 * then (decision 009). Pruned after CHECK_LOG_RETENTION_DAYS.
 */
export const apiCheckLogs = pgTable(
  'api_check_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    apiId: uuid('api_id')
      .notNull()
      .references(() => apis.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    source: text('source', { enum: ['poll', 'push'] })
      .notNull()
      .default('poll'),
    outcome: text('outcome', { enum: ['ok', 'error'] }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    httpStatus: integer('http_status'),
    bytes: integer('bytes'),
    records: integer('records'),
    error: text('error'),
    errorCode: text('error_code'),
  },
  (t) => [
    index('api_check_logs_api_idx').on(t.apiId, t.startedAt),
    index('api_check_logs_started_idx').using('brin', t.startedAt),
    check('api_check_logs_outcome_check', sql`${t.outcome} in ('ok', 'error')`),
  ],
);

/** Every check counted per API and hour: success rate and latency without a row per check. */
export const apiCheckStats = pgTable(
  'api_check_stats',
  {
    apiId: uuid('api_id')
      .notNull()
      .references(() => apis.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    checks: integer('checks').notNull().default(0),
    failures: integer('failures').notNull().default(0),
    durationSumMs: bigint('duration_sum_ms', { mode: 'number' }).notNull().default(0),
    durationMaxMs: integer('duration_max_ms').notNull().default(0),
    bytesSum: bigint('bytes_sum', { mode: 'number' }).notNull().default(0),
    /**
     * Checks per latency bucket (`LATENCY_BUCKET_BOUNDS_MS` in packages/shared/src/statistics.ts), for p50/p95
     * (decision 023); `LATENCY_BUCKETS` (12) zeros to start. Hours counted before the column existed
     * hold zeros.
     */
    durationHistogram: integer('duration_histogram')
      .array()
      .notNull()
      .default(sql`'{0,0,0,0,0,0,0,0,0,0,0,0}'::integer[]`),
  },
  (t) => [primaryKey({ columns: [t.apiId, t.hour] })],
);
