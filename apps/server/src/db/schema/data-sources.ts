import { type SQL, sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Uploaded Markdown files (docs/domain.md, Data sources): the text itself, searchable through `search`,
 * which PostgreSQL keeps from the title and the body with the Norwegian configuration (so 'vaskehallene'
 * finds 'vaskehall'; docs/decisions/027-data-sources.md).
 */
export const dataSources = pgTable(
  'data_sources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    fileName: text('file_name').notNull(),
    byteSize: integer('byte_size').notNull(),
    body: text('body').notNull(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`setweight(to_tsvector('norwegian', ${dataSources.title}), 'A') || setweight(to_tsvector('norwegian', ${dataSources.body}), 'B')`,
      ),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('data_sources_search_idx').using('gin', t.search),
    index('data_sources_created_at_idx').on(t.createdAt),
  ],
);
