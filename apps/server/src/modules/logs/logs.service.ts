import type { CreateLogInput, LogEntry, LogGetInput } from '@vaskedrift/shared';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { NotFoundError } from '../../lib/errors';
import type { Caller } from '../../plugins/authenticate';
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

  return { createOwn, get, update, remove };
}
