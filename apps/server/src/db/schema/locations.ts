import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** Uploaded images (facility pictures), kept in the database so every instance can serve them. */
export const images = pgTable('images', {
  id: uuid('id').primaryKey().defaultRandom(),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  byteSize: integer('byte_size').notNull(),
  width: integer('width'),
  height: integer('height'),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const BAY_STATUSES = ['operational', 'warning', 'error', 'inactive', 'maintenance'] as const;

/** Facilities (anlegg). Deleting is soft: `deletedAt` hides one everywhere; restoring is manual. */
export const locations = pgTable(
  'locations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    isVisibleInDashboard: boolean('is_visible_in_dashboard').notNull().default(true),
    imageId: uuid('image_id').references(() => images.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('locations_live_name_idx').on(t.name).where(sql`${t.deletedAt} is null`)],
);

/** Facilities granted one by one to operators and users; admins see all without rows here. */
export const userLocationAccess = pgTable(
  'user_location_access',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.locationId] }),
    index('user_location_access_location_idx').on(t.locationId),
  ],
);

/** Wash bays (vaskehaller). Soft-deleted like facilities, so their history stays. */
export const bays = pgTable(
  'bays',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status', { enum: BAY_STATUSES }).notNull().default('operational'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Monitored now: an evaluated attribute has a level (docs/domain.md, Statistics, Monitored). Set only
     * by the status engine's derivation, with the status; a new bay has no attribute.
     */
    monitored: boolean('monitored').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('bays_location_idx').on(t.locationId, t.sortOrder).where(sql`${t.deletedAt} is null`),
    check(
      'bays_status_check',
      sql`${t.status} in ('operational', 'warning', 'error', 'inactive', 'maintenance')`,
    ),
  ],
);

/**
 * Every status a bay has been in, from when to when, and why. The open period has `endedAt` null;
 * uptime, timelines and downtime statistics are computed from these rows.
 */
export const bayStatusPeriods = pgTable(
  'bay_status_periods',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    bayId: uuid('bay_id')
      .notNull()
      .references(() => bays.id, { onDelete: 'cascade' }),
    status: text('status', { enum: BAY_STATUSES }).notNull(),
    /**
     * Whether the bay was monitored during the period (docs/domain.md, Statistics): only monitored time
     * counts in the figures. Written from `bays.monitored` with every period; a change of monitoring alone
     * starts a new period in the same status. The default serves periods written by hand (tests, benches).
     */
    monitored: boolean('monitored').notNull().default(true),
    cause: text('cause').notNull(),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('bay_status_periods_bay_idx').on(t.bayId, t.startedAt),
    // Statistics read the periods that end in or after a range without the history before it (decision 023).
    index('bay_status_periods_bay_ended_idx').on(t.bayId, t.endedAt),
    // At most one open period per bay, enforced by the database and not only by row locks.
    uniqueIndex('bay_status_periods_open_key').on(t.bayId).where(sql`${t.endedAt} is null`),
  ],
);

export const bayLinks = pgTable(
  'bay_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bayId: uuid('bay_id')
      .notNull()
      .references(() => bays.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    url: text('url').notNull(),
    target: text('target', { enum: ['self', 'blank'] })
      .notNull()
      .default('blank'),
    iconClass: text('icon_class'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bay_links_bay_idx').on(t.bayId, t.sortOrder)],
);

export const cameras = pgTable(
  'cameras',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    snapshotUrl: text('snapshot_url').notNull(),
    streamUrl: text('stream_url'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cameras_location_idx').on(t.locationId, t.sortOrder)],
);
