import type { LogEntry } from '@vaskedrift/shared';
import { and, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { retryWhileDatabaseAway } from '../../db/health';
import { logs, users } from '../../db/schema';
import { containsPattern } from '../../lib/list-query';

export type NewLog = typeof logs.$inferInsert;

const AUDIT_RETRY_MS = 120_000;

/**
 * Audit entries are written after their change committed (bus subscribers): a database that is away or
 * full for a while delays the entry instead of dropping it (decision 031).
 */
export async function insertLog(db: Db, entry: NewLog): Promise<void> {
  await retryWhileDatabaseAway(() => db.insert(logs).values(entry), { maxMs: AUDIT_RETRY_MS });
}

const entryColumns = {
  log: logs,
  user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
};

type Joined = {
  log: typeof logs.$inferSelect;
  user: { id: string; firstName: string; lastName: string; email: string } | null;
};

function toEntry({ log, user }: Joined): LogEntry {
  return {
    id: log.id,
    type: log.type,
    resourceType: log.resourceType,
    resourceId: log.resourceId,
    extraData: log.extraData,
    userId: log.userId,
    user,
    ip: log.ip,
    createdAt: log.createdAt.toISOString(),
  };
}

export async function findLog(db: Db, id: number): Promise<LogEntry | undefined> {
  const [row] = await db
    .select(entryColumns)
    .from(logs)
    .leftJoin(users, eq(users.id, logs.userId))
    .where(eq(logs.id, id))
    .limit(1);
  return row ? toEntry(row) : undefined;
}

export type LogListQuery = {
  page: number;
  perPage: number;
  search?: string | undefined;
  filters?:
    | {
        type?: string | undefined;
        resourceType?: string | undefined;
        resourceId?: string | undefined;
        userId?: string | undefined;
      }
    | undefined;
};

/** A page of the log, newest first, and how many entries match. */
export async function listLogs(db: Db, query: LogListQuery): Promise<{ rows: LogEntry[]; count: number }> {
  const f = query.filters ?? {};
  const where = and(
    query.search ? ilike(logs.type, containsPattern(query.search)) : undefined,
    // Any text may be asked for; one that is not a log type matches nothing.
    f.type ? sql`${logs.type} = ${f.type}` : undefined,
    f.resourceType ? eq(logs.resourceType, f.resourceType) : undefined,
    f.resourceId ? eq(logs.resourceId, f.resourceId) : undefined,
    f.userId ? eq(logs.userId, f.userId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(entryColumns)
      .from(logs)
      .leftJoin(users, eq(users.id, logs.userId))
      .where(where)
      .orderBy(desc(logs.id)) // insertion order; created_at can tie or cross between concurrent writers
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ n: sql<number>`count(*)::int` }).from(logs).where(where),
  ]);
  return { rows: rows.map(toEntry), count: total?.n ?? 0 };
}

export async function updateLogExtraData(
  db: Db,
  id: number,
  extraData: Record<string, unknown>,
): Promise<boolean> {
  const rows = await db.update(logs).set({ extraData }).where(eq(logs.id, id)).returning({ id: logs.id });
  return rows.length > 0;
}

export async function deleteLog(db: Db, id: number): Promise<{ type: string } | undefined> {
  const [row] = await db.delete(logs).where(eq(logs.id, id)).returning({ type: logs.type });
  return row;
}
