import type { BAY_SORT_COLUMNS, Bay, BayStatus } from '@vaskedrift/shared';
import { and, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bays, locations, mutes } from '../../db/schema';
import { byName, containsPattern, ordered, pageWindow, totalCount } from '../../lib/list-query';
import type { Viewer } from '../../plugins/authenticate';
import { visibleLocationsCondition } from '../access';

/** Live bays of live facilities the viewer may see, with their facility's name. */
function selectBays(db: Db, viewer: Viewer, where: SQL | undefined) {
  return db
    .select({
      id: bays.id,
      locationId: bays.locationId,
      locationName: locations.name,
      name: bays.name,
      status: bays.status,
      statusChangedAt: bays.statusChangedAt,
      monitored: bays.monitored,
      sortOrder: bays.sortOrder,
      mutedUntil: sql<Date | null>`(select max(${mutes.until}) from ${mutes}
        where ${mutes.locationId} = ${bays.locationId} and (${mutes.bayId} is null or ${mutes.bayId} = ${bays.id})
          and ${mutes.until} > now())`.mapWith(mutes.until),
      createdAt: bays.createdAt,
      updatedAt: bays.updatedAt,
      total: totalCount(),
    })
    .from(bays)
    .innerJoin(locations, eq(bays.locationId, locations.id))
    .where(and(isNull(bays.deletedAt), visibleLocationsCondition(viewer), where))
    .$dynamic();
}

type BayRow = Awaited<ReturnType<typeof selectBays>>[number];

function toBay({ total: _total, ...row }: BayRow): Bay {
  return {
    ...row,
    statusChangedAt: row.statusChangedAt.toISOString(),
    mutedUntil: row.mutedUntil?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function findBay(db: Db, viewer: Viewer, id: string): Promise<Bay | undefined> {
  const [row] = await selectBays(db, viewer, eq(bays.id, id));
  return row ? toBay(row) : undefined;
}

type SortColumn = (typeof BAY_SORT_COLUMNS)[number];
const SORTS: Record<SortColumn, SQL> = {
  name: byName(bays.name),
  locationName: byName(locations.name),
  status: sql`${bays.status}`,
  statusChangedAt: sql`${bays.statusChangedAt}`,
  sortOrder: sql`${bays.sortOrder}`,
  createdAt: sql`${bays.createdAt}`,
};

export type BayListQuery = {
  page: number;
  perPage: number;
  search?: string;
  sort?: { column: SortColumn; direction: 'asc' | 'desc' };
  filters?: { locationId?: string; status?: BayStatus | BayStatus[] };
};

export async function listBays(db: Db, viewer: Viewer, query: BayListQuery) {
  const search = query.search ? containsPattern(query.search) : null;
  const status = query.filters?.status;
  const statuses = status === undefined ? null : Array.isArray(status) ? status : [status];
  const where = and(
    search ? or(ilike(bays.name, search), ilike(locations.name, search)) : undefined,
    query.filters?.locationId ? eq(bays.locationId, query.filters.locationId) : undefined,
    statuses ? sql`${bays.status} = any(${sql.param(statuses)}::text[])` : undefined,
  );
  const { limit, offset } = pageWindow(query);
  // Default: as the facility pages show them — by facility, then the bays' own order.
  const order = query.sort
    ? [ordered(SORTS[query.sort.column], query.sort.direction)]
    : [SORTS.locationName, bays.locationId, bays.sortOrder, SORTS.name];
  const rows = await selectBays(db, viewer, where)
    .orderBy(...order, bays.id)
    .limit(limit)
    .offset(offset);
  const count = rows[0]?.total ?? (offset > 0 ? await countBays(db, viewer, where) : 0);
  return { data: rows.map(toBay), count };
}

async function countBays(db: Db, viewer: Viewer, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bays)
    .innerJoin(locations, eq(bays.locationId, locations.id))
    .where(and(isNull(bays.deletedAt), visibleLocationsCondition(viewer), where));
  return row?.n ?? 0;
}

/** A live bay of a live facility, locked for the rest of the transaction (admin writes). */
export async function lockBay(tx: Db, id: string) {
  const [row] = await tx
    .select({ id: bays.id, locationId: bays.locationId, name: bays.name, status: bays.status })
    .from(bays)
    .innerJoin(locations, eq(bays.locationId, locations.id))
    .where(and(eq(bays.id, id), isNull(bays.deletedAt), isNull(locations.deletedAt)))
    .for('update', { of: bays });
  return row;
}

/** The next sort order after a facility's live bays: a new bay goes last. */
export async function nextBaySortOrder(tx: Db, locationId: string): Promise<number> {
  const [row] = await tx
    .select({ next: sql<number>`coalesce(max(${bays.sortOrder}) + 1, 0)::int` })
    .from(bays)
    .where(and(eq(bays.locationId, locationId), isNull(bays.deletedAt)));
  return row?.next ?? 0;
}

export async function insertBay(
  tx: Db,
  values: { locationId: string; name: string; status: BayStatus; sortOrder: number },
) {
  const [row] = await tx
    .insert(bays)
    .values({ ...values, statusChangedAt: sql`now()` })
    .returning({ id: bays.id, locationId: bays.locationId, name: bays.name, status: bays.status });
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateBayFields(
  tx: Db,
  id: string,
  values: { locationId?: string; name?: string; sortOrder?: number },
) {
  await tx
    .update(bays)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(bays.id, id));
}

export async function softDeleteBay(tx: Db, id: string) {
  await tx.update(bays).set({ deletedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(bays.id, id));
}
