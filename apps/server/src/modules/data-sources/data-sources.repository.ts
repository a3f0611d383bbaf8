import type { DataSource, DataSourceWithBody } from '@vaskedrift/shared';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dataSources, users } from '../../db/schema';

export type NewDataSource = { title: string; fileName: string; byteSize: number; body: string };

/** Begin and end of a hit in `ts_headline`'s excerpt: control characters no stored body can hold. */
export const HIT_START = '\u0002';
export const HIT_END = '\u0003';

/**
 * How much of a file the excerpt is cut from. `ts_headline` parses the whole text it is given, about 2 ms
 * per 10 kB, so 50 hits on 1 MB files would take seconds; a match found only further on still ranks the
 * file, and its excerpt is the file's beginning (bench/data-search.ts).
 */
const HEADLINE_SOURCE_CHARS = 30_000;

const listColumns = {
  id: dataSources.id,
  title: dataSources.title,
  fileName: dataSources.fileName,
  byteSize: dataSources.byteSize,
  createdAt: dataSources.createdAt,
  uploaderId: users.id,
  uploaderFirstName: users.firstName,
  uploaderLastName: users.lastName,
};

type ListRow = {
  id: string;
  title: string;
  fileName: string;
  byteSize: number;
  createdAt: Date;
  uploaderId: string | null;
  uploaderFirstName: string | null;
  uploaderLastName: string | null;
};

function toDataSource(row: ListRow): DataSource {
  return {
    id: row.id,
    title: row.title,
    fileName: row.fileName,
    byteSize: row.byteSize,
    createdAt: row.createdAt.toISOString(),
    uploadedBy: row.uploaderId
      ? { id: row.uploaderId, name: `${row.uploaderFirstName} ${row.uploaderLastName}`.trim() }
      : null,
  };
}

/** All the files of one upload in one statement: all stored, or none. */
export async function insertDataSources(db: Db, files: NewDataSource[], uploadedBy: string) {
  return db
    .insert(dataSources)
    .values(files.map((file) => ({ ...file, uploadedBy })))
    .returning({ id: dataSources.id });
}

/** Every data source, newest first (metadata only), or those of `ids`. */
export async function listDataSources(db: Db, ids?: string[]): Promise<DataSource[]> {
  const rows = await db
    .select(listColumns)
    .from(dataSources)
    .leftJoin(users, eq(users.id, dataSources.uploadedBy))
    .where(ids ? inArray(dataSources.id, ids) : undefined)
    .orderBy(desc(dataSources.createdAt), dataSources.fileName);
  return rows.map(toDataSource);
}

export async function findDataSource(db: Db, id: string): Promise<DataSourceWithBody | undefined> {
  const [row] = await db
    .select({ ...listColumns, body: dataSources.body })
    .from(dataSources)
    .leftJoin(users, eq(users.id, dataSources.uploadedBy))
    .where(eq(dataSources.id, id))
    .limit(1);
  return row && { ...toDataSource(row), body: row.body };
}

/**
 * The best `limit` matches of a web-search style query (`"exact phrase"`, `or`, `-not`) with the Norwegian
 * stemmer, each with an excerpt whose matched words sit between HIT_START and HIT_END.
 */
export async function searchDataSources(db: Db, query: string, limit: number) {
  const tsQuery = sql`websearch_to_tsquery('norwegian', ${query})`;
  const rank = sql<number>`ts_rank_cd(${dataSources.search}, ${tsQuery})`;
  const headlineOptions = `StartSel=${HIT_START}, StopSel=${HIT_END}, MaxFragments=2, MaxWords=24, MinWords=10, FragmentDelimiter=" … "`;
  const rows = await db
    .select({
      ...listColumns,
      rank,
      // ts_headline parses all the text it is given: the excerpt comes from the first HEADLINE_SOURCE_CHARS.
      headline: sql<string>`ts_headline('norwegian', left(${dataSources.body}, ${HEADLINE_SOURCE_CHARS}), ${tsQuery}, ${headlineOptions})`,
    })
    .from(dataSources)
    .leftJoin(users, eq(users.id, dataSources.uploadedBy))
    .where(sql`${dataSources.search} @@ ${tsQuery}`)
    .orderBy(desc(rank), desc(dataSources.createdAt))
    .limit(limit);
  return rows.map((row) => ({ ...toDataSource(row), rank: Number(row.rank), headline: row.headline }));
}

export async function deleteDataSource(db: Db, id: string) {
  const [row] = await db
    .delete(dataSources)
    .where(eq(dataSources.id, id))
    .returning({ id: dataSources.id, fileName: dataSources.fileName });
  return row;
}
