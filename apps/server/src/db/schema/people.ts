import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** Per-user settings (`settings_*` in v_users_data). */
export const userSettings = pgTable(
  'user_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemsPerPage: integer('items_per_page').notNull().default(5),
    language: text('language').notNull().default('nb'),
    /** Desktop notifications in the browser while the app is open (issue 11); off until the user turns them on. */
    desktopNotifications: boolean('desktop_notifications').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('user_settings_items_per_page_check', sql`${t.itemsPerPage} between 1 and 100`),
    check('user_settings_language_check', sql`${t.language} in ('nb', 'en', 'es', 'fr', 'de', 'ja')`),
  ],
);

/** Per-user theme (`theme_configs_*`): light, dark or system, and the primary colour. */
export const themeConfigs = pgTable(
  'theme_configs',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: ['light', 'dark', 'system'] })
      .notNull()
      .default('dark'),
    themeColor: text('theme_color').notNull().default('#50CD89'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('theme_configs_mode_check', sql`${t.mode} in ('light', 'dark', 'system')`)],
);

/** Free per-user JSON for the web app (`user_configs_*`). */
export const userConfigs = pgTable('user_configs', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const groups = pgTable(
  'groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    config: jsonb('config').$type<{ color: string }>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('groups_name_idx').on(sql`lower(${t.name})`)],
);

export const groupMembers = pgTable(
  'group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_members_user_idx').on(t.userId)],
);

/** One-time password recovery links: stored hashed, valid one hour, single use. */
export const recoveryTokens = pgTable(
  'auth_recovery_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_recovery_tokens_user_idx').on(t.userId)],
);

/** TOTP factors. The secret is encrypted with SECRET_KEY; `lastUsedStep` refuses a code used twice. */
export const mfaFactors = pgTable(
  'auth_mfa_factors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendlyName: text('friendly_name'),
    factorType: text('factor_type', { enum: ['totp'] })
      .notNull()
      .default('totp'),
    status: text('status', { enum: ['unverified', 'verified'] })
      .notNull()
      .default('unverified'),
    secretEncrypted: text('secret_encrypted').notNull(),
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_mfa_factors_user_idx').on(t.userId)],
);

/**
 * One-time recovery codes: a user with two-factor sign-in who lost the phone gives one instead of a TOTP
 * code. Only a SHA-256 hash of each code is kept (80 random bits: no slow hash needed); `usedAt` spends
 * it. `setId` names the current set; making new codes deletes the old set.
 */
export const mfaRecoveryCodes = pgTable(
  'auth_mfa_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    setId: uuid('set_id').notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('auth_mfa_recovery_codes_user_hash_key').on(t.userId, t.codeHash)],
);

export const mfaChallenges = pgTable('auth_mfa_challenges', {
  id: uuid('id').primaryKey().defaultRandom(),
  factorId: uuid('factor_id')
    .notNull()
    .references(() => mfaFactors.id, { onDelete: 'cascade' }),
  ip: text('ip'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
});

export type MfaFactorRow = typeof mfaFactors.$inferSelect;
export type MfaRecoveryCodeRow = typeof mfaRecoveryCodes.$inferSelect;
export type GroupRow = typeof groups.$inferSelect;
