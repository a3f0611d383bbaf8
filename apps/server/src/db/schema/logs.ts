import { LOG_TYPE_VALUES } from '@vaskedrift/shared';
import { sql } from 'drizzle-orm';
import { bigserial, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sqlList } from './sql-list';
import { users } from './users';

/** The audit log: logins, logouts and every admin change, with who did it. */
export const logs = pgTable(
  'logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** One of `LOG_TYPES` (packages/shared/src/log-types.ts); the CHECK below lists them. */
    type: text('type', { enum: LOG_TYPE_VALUES }).notNull(),
    resourceType: text('resource_type'),
    resourceId: text('resource_id'),
    extraData: jsonb('extra_data').$type<Record<string, unknown>>(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('logs_created_at_idx').on(t.createdAt),
    index('logs_resource_idx').on(t.resourceType, t.resourceId),
    // A facility's log (POST backend/locations/logs/get): entries about its bays, cameras, links, jobs…
    index('logs_location_idx').on(sql`(${t.extraData}->>'locationId')`, t.id),
    check('logs_type_check', sql`${t.type} in (${sqlList(LOG_TYPE_VALUES)})`),
  ],
);
