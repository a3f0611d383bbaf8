import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { alerts } from './alerts';
import { users } from './users';

/**
 * The server's VAPID key pair (Web Push, issue 27): made once at the first start and shared by every instance.
 * `private_key` is sealed with a key derived from SECRET_KEY, like API secrets (decision 015); backups carry
 * the row like any other.
 */
export const webPushKeys = pgTable(
  'web_push_keys',
  {
    id: boolean('id').primaryKey().default(true),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('web_push_keys_one_row', sql`${t.id}`)],
);

/** One browser (device) of a user that turned push on: its push subscription. */
export const webPushDevices = pgTable(
  'web_push_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The push service's address for this subscription (https; unique: the browser's id of it). */
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    label: text('label').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('web_push_devices_endpoint_key').on(t.endpoint),
    index('web_push_devices_user_idx').on(t.userId),
  ],
);

/**
 * The token a push notification's 'Jeg ser på det' carries, stored as its sha256: one user, one alert, single
 * use (`used_at`), until `expires_at`, and only while the user's password is the one it was sent under
 * (`password_stamp`) and a session of theirs from before it was sent lives.
 */
export const webPushActionTokens = pgTable(
  'web_push_action_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    alertId: uuid('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    passwordStamp: text('password_stamp').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('web_push_action_tokens_hash_key').on(t.tokenHash),
    index('web_push_action_tokens_expires_idx').on(t.expiresAt),
  ],
);
