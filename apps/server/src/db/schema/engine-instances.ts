import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The instances running checks, each with its last heartbeat (docs/decisions/041-engine-affinity.md): the
 * live ones share the APIs between them by rendezvous hashing over their keys.
 */
export const engineInstances = pgTable('engine_instances', {
  instanceKey: text('instance_key').primaryKey(),
  lastSeen: timestamp('last_seen', { withTimezone: true }).notNull().defaultNow(),
});
