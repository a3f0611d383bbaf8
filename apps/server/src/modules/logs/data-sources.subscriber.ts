import { LOG_TYPES } from '@vaskedrift/shared';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import type { DataSourceEvents } from '../../events/data-source-events';
import { type LogEntries, subscribeLogEntries } from './mapped-entries';

const T = LOG_TYPES.dataSource;

const ENTRIES: LogEntries<DataSourceEvents> = {
  'data_source.uploaded': { type: T.upload, extra: (e) => ({ byteSize: e.byteSize }) },
  'data_source.deleted': { type: T.delete, extra: () => ({}) },
};

/** Writes every Markdown file uploaded or deleted, with who did it and the file's name. */
export function subscribeDataSourceLogs(bus: EventBus, db: Db): Array<() => void> {
  return subscribeLogEntries<keyof DataSourceEvents>(bus, db, ENTRIES, (e) => ({
    resourceType: 'data',
    resourceId: e.dataSourceId,
    extraData: { fileName: e.fileName },
  }));
}
