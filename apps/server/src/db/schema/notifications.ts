import { NOTIFICATION_TAGS, WEBHOOK_TAGS } from '@vaskedrift/shared';
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
import { alerts, incidents } from './alerts';
import { apis } from './apis';
import { bays, locations } from './locations';
import { maintenanceJobs } from './maintenance';
import { groups } from './people';
import { sqlList } from './sql-list';
import { users } from './users';

const TAG_LIST = sqlList(NOTIFICATION_TAGS);
const WEBHOOK_TAG_LIST = sqlList(WEBHOOK_TAGS);

/**
 * Who is told what (docs/domain.md, Notifications): a user, a group (its members at send time) or a
 * custom address; `tags` choose the events; `allLocations` false limits it to the facilities in
 * `notification_recipient_locations`. A user only ever gets events of facilities they may see.
 */
export const notificationRecipients = pgTable(
  'notification_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['user', 'group', 'custom'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    name: text('name'),
    email: text('email'),
    tags: text('tags').array().notNull(),
    reminderHours: integer('reminder_hours').notNull().default(0),
    reminderMinutes: integer('reminder_minutes').notNull().default(0),
    allLocations: boolean('all_locations').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('notification_recipients_kind_check', sql`${t.kind} in ('user', 'group', 'custom')`),
    check(
      'notification_recipients_target_check',
      sql`(${t.kind} = 'user' and ${t.userId} is not null and ${t.groupId} is null and ${t.email} is null)
        or (${t.kind} = 'group' and ${t.groupId} is not null and ${t.userId} is null and ${t.email} is null)
        or (${t.kind} = 'custom' and ${t.email} is not null and ${t.userId} is null and ${t.groupId} is null)`,
    ),
    check(
      'notification_recipients_tags_check',
      sql`cardinality(${t.tags}) > 0 and ${t.tags} <@ array[${TAG_LIST}]`,
    ),
    uniqueIndex('notification_recipients_user_key').on(t.userId).where(sql`${t.userId} is not null`),
    uniqueIndex('notification_recipients_group_key').on(t.groupId).where(sql`${t.groupId} is not null`),
    uniqueIndex('notification_recipients_email_key')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.email} is not null`),
  ],
);

/** The facilities of a recipient whose `allLocations` is false. */
export const notificationRecipientLocations = pgTable(
  'notification_recipient_locations',
  {
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => notificationRecipients.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.recipientId, t.locationId] }),
    index('notification_recipient_locations_location_idx').on(t.locationId),
  ],
);

/**
 * Everything that may be told to someone, written in the same transaction as the change it is about, once:
 * `dedupe_key` is unique (`alert_event:42`, `reminder:<job>:3`), so a retried check or a second instance
 * cannot record it twice. The dispatcher turns each undispatched event into outbox rows (one per recipient
 * and channel) and stamps `dispatched_at`. `suppressed` ('maintenance', 'muted'): recorded, never sent.
 * `location_ids`/`bay_ids`: what the event is about, for scope, access and suppression (an API that stops
 * answering is one event about every bay behind it); empty for system notices to admins.
 */
export const notificationEvents = pgTable(
  'notification_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    tag: text('tag').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    locationIds: uuid('location_ids').array().notNull().default(sql`'{}'::uuid[]`),
    bayIds: uuid('bay_ids').array().notNull().default(sql`'{}'::uuid[]`),
    apiId: uuid('api_id').references(() => apis.id, { onDelete: 'set null' }),
    alertId: uuid('alert_id').references(() => alerts.id, { onDelete: 'set null' }),
    maintenanceId: uuid('maintenance_id').references(() => maintenanceJobs.id, { onDelete: 'set null' }),
    /** The incident an `incident.*` event tells of: its causes are read when it is dispatched. */
    incidentId: uuid('incident_id').references(() => incidents.id, { onDelete: 'set null' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    suppressed: text('suppressed', { enum: ['maintenance', 'muted'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notification_events_dedupe_key').on(t.dedupeKey),
    index('notification_events_undispatched_idx').on(t.id).where(sql`${t.dispatchedAt} is null`),
    index('notification_events_created_idx').on(t.createdAt),
    // An incident's events newest first (its last message): migration 0031.
    index('notification_events_incident_idx').on(t.incidentId, t.id),
    // The incidents in their group wait (the dispatcher's claim, its next release): migration 0041.
    index('notification_events_held_openings_idx')
      .on(t.createdAt)
      .where(sql`${t.type} = 'incident.opened' and ${t.dispatchedAt} is null`),
    check('notification_events_tag_check', sql`${t.tag} in (${TAG_LIST}, 'system')`),
  ],
);

/**
 * Outgoing webhooks: every event whose tag is in `tags`, signed with the sealed `secret`
 * (docs/decisions/015-api-secrets.md). Disabled automatically after 24 h of failures (`failingSince`).
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    /** Sealed with the server's key; never answered. */
    secret: text('secret').notNull(),
    tags: text('tags').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** The first failure of the current run of failures; null after a success. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    /** Why it was disabled automatically; null when an admin disabled it or it is enabled. */
    disabledReason: text('disabled_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('webhooks_tags_check', sql`cardinality(${t.tags}) > 0 and ${t.tags} <@ array[${WEBHOOK_TAG_LIST}]`),
  ],
);

export type OutboxAttachment = { filename: string; contentType: string; content: string };

/**
 * The one durable outbox of every channel (decision 004): e-mails (`to` an address) and webhook deliveries
 * (`webhook_id`, `text` the JSON body). Rows made from a notification event carry `event_id` and
 * `recipient_key`, unique together per channel, so an event never reaches one address or webhook twice.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel', { enum: ['email', 'webhook', 'web_push'] })
      .notNull()
      .default('email'),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    kind: text('kind').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'kept'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    eventId: bigint('event_id', { mode: 'number' }).references(() => notificationEvents.id, {
      onDelete: 'set null',
    }),
    recipientKey: text('recipient_key'),
    webhookId: uuid('webhook_id').references(() => webhooks.id, { onDelete: 'cascade' }),
    /** Files an e-mail carries (the report's CSV), each `{filename, contentType, content}` in UTF-8. */
    attachments: jsonb('attachments').$type<OutboxAttachment[]>(),
  },
  (t) => [
    index('outbox_due_idx').on(t.channel, t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    uniqueIndex('outbox_event_recipient_key')
      .on(t.eventId, t.channel, t.recipientKey)
      .where(sql`${t.eventId} is not null`),
    index('outbox_webhook_idx').on(t.webhookId, t.createdAt).where(sql`${t.webhookId} is not null`),
    check('outbox_channel_check', sql`${t.channel} in ('email', 'webhook', 'web_push')`),
  ],
);

/** One row per webhook delivery attempt: the delivery log an admin reads. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    outboxId: bigint('outbox_id', { mode: 'number' }),
    eventType: text('event_type').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    ok: boolean('ok').notNull(),
    httpStatus: integer('http_status'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
  },
  (t) => [index('webhook_attempts_webhook_idx').on(t.webhookId, t.at)],
);

/**
 * 'Demp varsler': a bay (or, with `bay_id` null, a whole facility) muted until `until`. Alerts are still
 * recorded; their notifications are not sent. Ends by itself; ending early sets `until` to now.
 */
export const mutes = pgTable(
  'mutes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    bayId: uuid('bay_id').references(() => bays.id, { onDelete: 'cascade' }),
    until: timestamp('until', { withTimezone: true }).notNull(),
    reason: text('reason').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mutes_location_idx').on(t.locationId, t.until), index('mutes_bay_idx').on(t.bayId, t.until)],
);
