import type { CAMERA_SORT_COLUMNS, Role } from '@vaskedrift/shared';
import { and, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cameras, locations, users } from '../../db/schema';
import { byName, containsPattern, ordered, pageWindow, totalCount } from '../../lib/list-query';
import type { Viewer } from '../../plugins/authenticate';
import { visibleLocationsCondition } from '../access';

/** Cameras of live facilities the viewer may see, with their facility's name. */
function selectCameras(db: Db, viewer: Viewer, where: SQL | undefined) {
  return db
    .select({
      id: cameras.id,
      locationId: cameras.locationId,
      locationName: locations.name,
      name: cameras.name,
      snapshotUrl: cameras.snapshotUrl,
      streamUrl: cameras.streamUrl,
      sortOrder: cameras.sortOrder,
      createdAt: cameras.createdAt,
      updatedAt: cameras.updatedAt,
      total: totalCount(),
    })
    .from(cameras)
    .innerJoin(locations, eq(cameras.locationId, locations.id))
    .where(and(visibleLocationsCondition(viewer), where))
    .$dynamic();
}

export type CameraRow = Omit<Awaited<ReturnType<typeof selectCameras>>[number], 'total'>;

export async function findCamera(db: Db, viewer: Viewer, id: string): Promise<CameraRow | undefined> {
  const [row] = await selectCameras(db, viewer, eq(cameras.id, id));
  return row;
}

type SortColumn = (typeof CAMERA_SORT_COLUMNS)[number];
const SORTS: Record<SortColumn, SQL> = {
  sortOrder: sql`${cameras.sortOrder}`,
  name: byName(cameras.name),
  locationName: byName(locations.name),
  createdAt: sql`${cameras.createdAt}`,
};

export type CameraListQuery = {
  page: number;
  perPage: number;
  search?: string;
  sort?: { column: SortColumn; direction: 'asc' | 'desc' };
  filters?: { locationId?: string };
};

export async function listCameras(db: Db, viewer: Viewer, query: CameraListQuery) {
  const search = query.search ? containsPattern(query.search) : null;
  const where = and(
    search ? or(ilike(cameras.name, search), ilike(locations.name, search)) : undefined,
    query.filters?.locationId ? eq(cameras.locationId, query.filters.locationId) : undefined,
  );
  const { limit, offset } = pageWindow(query);
  const order = query.sort
    ? [ordered(SORTS[query.sort.column], query.sort.direction)]
    : [SORTS.locationName, cameras.locationId, cameras.sortOrder, SORTS.name];
  const rows = await selectCameras(db, viewer, where)
    .orderBy(...order, cameras.id)
    .limit(limit)
    .offset(offset);
  let count = rows[0]?.total ?? 0;
  if (rows.length === 0 && offset > 0) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(cameras)
      .innerJoin(locations, eq(cameras.locationId, locations.id))
      .where(and(visibleLocationsCondition(viewer), where));
    count = row?.n ?? 0;
  }
  return { rows: rows.map(({ total: _total, ...row }) => row), count };
}

/** A camera of a live facility, locked for the transaction (admin writes). */
export async function lockCamera(tx: Db, id: string) {
  const [row] = await tx
    .select({ id: cameras.id, locationId: cameras.locationId, name: cameras.name })
    .from(cameras)
    .innerJoin(locations, and(eq(cameras.locationId, locations.id), isNull(locations.deletedAt)))
    .where(eq(cameras.id, id))
    .for('update', { of: cameras });
  return row;
}

export async function nextCameraSortOrder(tx: Db, locationId: string): Promise<number> {
  const [row] = await tx
    .select({ next: sql<number>`coalesce(max(${cameras.sortOrder}) + 1, 0)::int` })
    .from(cameras)
    .where(eq(cameras.locationId, locationId));
  return row?.next ?? 0;
}

export type CameraValues = { name: string; snapshotUrl: string; streamUrl: string | null; sortOrder: number };

export async function insertCamera(tx: Db, locationId: string, values: CameraValues) {
  const [row] = await tx
    .insert(cameras)
    .values({ locationId, ...values })
    .returning({ id: cameras.id });
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateCamera(tx: Db, id: string, values: Partial<CameraValues>) {
  await tx
    .update(cameras)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(cameras.id, id));
}

export async function deleteCamera(tx: Db, id: string) {
  await tx.delete(cameras).where(eq(cameras.id, id));
}

/** The holder of a snapshot token as a viewer: still enabled, with the role they have now. */
export async function findEnabledViewer(
  db: Db,
  userId: string,
): Promise<{ userId: string; role: Role } | undefined> {
  const [row] = await db
    .select({ userId: users.id, role: users.role })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.disabledAt)));
  return row;
}
