import type { CreateLogInput, LocationLogsGetInput, LogEntry, LogGetInput } from '@vaskedrift/shared';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { NotFoundError } from '../../lib/errors';
import type { Caller, Viewer } from '../../plugins/authenticate';
import { assertLocationVisible } from '../access';
import { listLocationLogs } from './location-logs.repository';
import { deleteLog, findLog, insertLog, listLogs, updateLogExtraData } from './logs.repository';

export type LogsService = ReturnType<typeof createLogsService>;

const notFound = () => new NotFoundError('Fant ikke loggposten');

/** Reading and tidying the audit log (admins only); changing or deleting an entry is itself logged. */
export function createLogsService({ db, bus }: { db: Db; bus: EventBus }) {
  /** What a browser may log about its own user (CLIENT_LOG_TYPES), e.g. a restored session. */
  async function createOwn(caller: Caller, input: CreateLogInput): Promise<void> {
    await insertLog(db, {
      type: input.type,
      resourceType: 'users',
      resourceId: caller.userId,
      userId: caller.userId,
      ip: caller.ip,
      extraData: { ...input.extraData, sessionId: caller.sessionId },
    });
  }

  async function get(input: LogGetInput) {
    if (input.id !== undefined) {
      const entry = await findLog(db, input.id);
      if (!entry) throw notFound();
      return { data: entry };
    }
    const { rows, count } = await listLogs(db, input);
    return { data: rows, count };
  }

  async function update(
    caller: Caller,
    input: { id: number; extraData: Record<string, unknown> },
  ): Promise<LogEntry> {
    if (!(await updateLogExtraData(db, input.id, input.extraData))) throw notFound();
    bus.publish('logs.updated', { userId: caller.userId, ip: caller.ip, logId: input.id });
    const entry = await findLog(db, input.id);
    if (!entry) throw notFound();
    return entry;
  }

  async function remove(caller: Caller, id: number): Promise<{ id: number }> {
    const deleted = await deleteLog(db, id);
    if (!deleted) throw notFound();
    bus.publish('logs.deleted', { userId: caller.userId, ip: caller.ip, logId: id, type: deleted.type });
    return { id };
  }

  /** One facility's audit entries and failed checks; a facility the viewer may not see is a 404. */
  async function locationLogs(viewer: Viewer, input: LocationLogsGetInput) {
    await assertLocationVisible(db, viewer, input.locationId);
    const { rows, count } = await listLocationLogs(db, {
      locationId: input.locationId,
      page: input.page,
      perPage: input.perPage,
      search: input.search,
      direction: input.sort?.direction ?? 'desc',
      filters: input.filters ?? {},
    });
    return { data: rows, count };
  }

  return { createOwn, get, update, remove, locationLogs };
}
