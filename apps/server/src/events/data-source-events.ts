import type { Actor } from './actor';

/** Markdown files uploaded to or deleted from `/docs` (docs/domain.md, Data sources). */
export type DataSourceEvents = {
  'data_source.uploaded': Actor & { dataSourceId: string; fileName: string; byteSize: number };
  'data_source.deleted': Actor & { dataSourceId: string; fileName: string };
};
