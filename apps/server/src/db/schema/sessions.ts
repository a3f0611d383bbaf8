import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** One signed-in device. Deleting it ends the session and every refresh token in it. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    aal: text('aal', { enum: ['aal1', 'aal2'] })
      .notNull()
      .default('aal1'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a TOTP code last upgraded this session to aal2: the `amr` timestamp and the freshness check. */
    mfaVerifiedAt: timestamp('mfa_verified_at', { withTimezone: true }),
    /** How the session reached aal2 (the token's `amr`): a TOTP code, or a one-time recovery code. */
    mfaMethod: text('mfa_method', { enum: ['totp', 'mfa/recovery_code'] }),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

/** Rotating refresh tokens, stored as SHA-256 hashes. `revokedAt` marks a token already exchanged. */
export const refreshTokens = pgTable(
  'auth_refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    parentId: bigint('parent_id', { mode: 'number' }),
    revoked: boolean('revoked').notNull().default(false),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_refresh_tokens_session_idx').on(t.sessionId)],
);

/** Fixed one-minute windows of failed logins, keyed by IP or account, shared by every server instance. */
export const authRateLimits = pgTable('auth_rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});
