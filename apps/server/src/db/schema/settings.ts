import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The system settings (docs/decisions/025-system-settings.md): at most one row (`id` is always true). A null
 * column is "not set": the server's configuration (its environment variable) gives the value, so a
 * deployment that never saved a setting behaves as before.
 */
export const systemSettings = pgTable(
  'system_settings',
  {
    id: boolean('id').primaryKey().default(true),
    failureThreshold: integer('failure_threshold'),
    rawRetentionHours: integer('raw_retention_hours'),
    minuteRetentionDays: integer('minute_retention_days'),
    hourRetentionDays: integer('hour_retention_days'),
    checkLogRetentionDays: integer('check_log_retention_days'),
    escalationMinutes: integer('escalation_minutes'),
    predictionHorizonMinutes: integer('prediction_horizon_minutes'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('system_settings_one_row', sql`${t.id}`)],
);
