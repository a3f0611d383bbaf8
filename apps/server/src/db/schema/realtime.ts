import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The live channel's journal (docs/decisions/020-realtime.md): every event sent to browsers, numbered by
 * `seq`, so a client that reconnects gets what it missed. Kept about an hour; who may read a row is its
 * `audience`: a facility's sockets and the admins, the admins only, or the admins and one user.
 */
export const realtimeEvents = pgTable(
  'realtime_events',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    locationId: uuid('location_id'),
    audience: text('audience', { enum: ['location', 'admins', 'user'] }).notNull(),
    userId: uuid('user_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('realtime_events_at_idx').on(t.at)],
);
