import {
  DATA_SOURCE_MESSAGES,
  type DataSource,
  type DataSourceHit,
  type DataSourceWithBody,
  type ExcerptSegment,
} from '@vaskedrift/shared';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { NotFoundError } from '../../lib/errors';
import type { Caller } from '../../plugins/authenticate';
import {
  deleteDataSource,
  findDataSource,
  HIT_END,
  HIT_START,
  insertDataSources,
  listDataSources,
  type NewDataSource,
  searchDataSources,
} from './data-sources.repository';
import { markdownToText } from './markdown-text';

/** The most hits one search answers: the best of them, by rank. */
const SEARCH_LIMIT = 20;

export type DataSourcesService = ReturnType<typeof createDataSourcesService>;

/**
 * `ts_headline`'s excerpt as text pieces without Markdown's syntax (markdown-text.ts), the matched words
 * marked: the web renders them, never as HTML.
 */
function excerptSegments(raw: string): ExcerptSegment[] {
  const headline = markdownToText(raw);
  const segments: ExcerptSegment[] = [];
  const pattern = new RegExp(`${HIT_START}([^${HIT_END}]*)${HIT_END}`, 'g');
  let at = 0;
  for (const match of headline.matchAll(pattern)) {
    if (match.index > at) segments.push({ text: headline.slice(at, match.index), hit: false });
    segments.push({ text: match[1] ?? '', hit: true });
    at = match.index + match[0].length;
  }
  if (at < headline.length) segments.push({ text: headline.slice(at), hit: false });
  return segments;
}

/** Uploaded Markdown files (docs/domain.md, Data sources); every caller here is an admin. */
export function createDataSourcesService({ db, bus }: { db: Db; bus: EventBus }) {
  async function mustFind(id: string): Promise<DataSourceWithBody> {
    const source = await findDataSource(db, id);
    if (!source) throw new NotFoundError(DATA_SOURCE_MESSAGES.notFound);
    return source;
  }

  return {
    /** Stores files already checked (name, type, size, text) in one statement: all of them or none. */
    async upload(caller: Caller, files: NewDataSource[]): Promise<DataSource[]> {
      const inserted = await insertDataSources(db, files, caller.userId);
      for (const [i, row] of inserted.entries()) {
        const file = files[i];
        if (!file) continue;
        bus.publish('data_source.uploaded', {
          userId: caller.userId,
          ip: caller.ip,
          dataSourceId: row.id,
          fileName: file.fileName,
          byteSize: file.byteSize,
        });
      }
      return listDataSources(
        db,
        inserted.map((row) => row.id),
      );
    },

    list: () => listDataSources(db),

    get: mustFind,

    async search(query: string): Promise<DataSourceHit[]> {
      const rows = await searchDataSources(db, query, SEARCH_LIMIT);
      return rows.map(({ headline, ...source }) => ({ ...source, excerpt: excerptSegments(headline) }));
    },

    async remove(caller: Caller, id: string): Promise<{ id: string }> {
      const row = await deleteDataSource(db, id);
      if (!row) throw new NotFoundError(DATA_SOURCE_MESSAGES.notFound);
      bus.publish('data_source.deleted', {
        userId: caller.userId,
        ip: caller.ip,
        dataSourceId: row.id,
        fileName: row.fileName,
      });
      return { id: row.id };
    },
  };
}
