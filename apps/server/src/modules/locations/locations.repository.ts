import {
  type BayStatus,
  imageUrl,
  type LOCATION_SORT_COLUMNS,
  type Location,
  type StatusCounts,
} from '@vaskedrift/shared';
import { and, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bays, images, locations } from '../../db/schema';
import { byName, containsPattern, ordered, pageWindow, totalCount } from '../../lib/list-query';
import type { Viewer } from '../../plugins/authenticate';
import { visibleLocationsCondition } from '../access';

const statusCount = (status: BayStatus) =>
  sql<number>`(count(${bays.id}) filter (where ${bays.status} = ${status}))::int`;

/** A facility with its live bays counted per status: one grouped join, no query per facility. */
const locationColumns = {
  id: locations.id,
  name: locations.name,
  address: locations.address,
  postalCode: locations.postalCode,
  city: locations.city,
  isVisibleInDashboard: locations.isVisibleInDashboard,
  imageId: locations.imageId,
  createdAt: locations.createdAt,
  updatedAt: locations.updatedAt,
  bayCount: sql<number>`count(${bays.id})::int`,
  operational: statusCount('operational'),
  warning: statusCount('warning'),
  error: statusCount('error'),
  inactive: statusCount('inactive'),
  maintenance: statusCount('maintenance'),
};

type LocationRow = Awaited<ReturnType<typeof selectLocations>>[number];

function toLocation(row: LocationRow): Location {
  const statusCounts: StatusCounts = {
    operational: row.operational,
    warning: row.warning,
    error: row.error,
    inactive: row.inactive,
    maintenance: row.maintenance,
  };
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    postalCode: row.postalCode,
    city: row.city,
    isVisibleInDashboard: row.isVisibleInDashboard,
    imageId: row.imageId,
    imageUrl: row.imageId ? imageUrl(row.imageId) : null,
    bayCount: row.bayCount,
    statusCounts,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function selectLocations(db: Db, where: SQL | undefined) {
  return db
    .select({ ...locationColumns, total: totalCount() })
    .from(locations)
    .leftJoin(bays, and(eq(bays.locationId, locations.id), isNull(bays.deletedAt)))
    .where(where)
    .groupBy(locations.id)
    .$dynamic();
}

export async function findLocation(db: Db, viewer: Viewer, id: string): Promise<Location | undefined> {
  const [row] = await selectLocations(db, and(eq(locations.id, id), visibleLocationsCondition(viewer)));
  return row ? toLocation(row) : undefined;
}

type SortColumn = (typeof LOCATION_SORT_COLUMNS)[number];
const SORTS: Record<SortColumn, SQL> = {
  name: byName(locations.name),
  city: byName(locations.city),
  createdAt: sql`${locations.createdAt}`,
  bays: sql`count(${bays.id})`,
};

export type LocationListQuery = {
  page: number;
  perPage: number;
  search?: string;
  sort?: { column: SortColumn; direction: 'asc' | 'desc' };
  filters?: { isVisibleInDashboard?: boolean };
};

export async function listLocations(db: Db, viewer: Viewer, query: LocationListQuery) {
  const search = query.search ? containsPattern(query.search) : null;
  const where = and(
    visibleLocationsCondition(viewer),
    search
      ? or(ilike(locations.name, search), ilike(locations.address, search), ilike(locations.city, search))
      : undefined,
    query.filters?.isVisibleInDashboard === undefined
      ? undefined
      : eq(locations.isVisibleInDashboard, query.filters.isVisibleInDashboard),
  );
  const sort = query.sort ?? { column: 'name' as const, direction: 'asc' as const };
  const { limit, offset } = pageWindow(query);
  const rows = await selectLocations(db, where)
    .orderBy(ordered(SORTS[sort.column], sort.direction), locations.id)
    .limit(limit)
    .offset(offset);
  // Past the last page there is no row to carry the total: count separately only then.
  const count = rows[0]?.total ?? (offset > 0 ? await countLocations(db, where) : 0);
  return { data: rows.map(toLocation), count };
}

async function countLocations(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(locations).where(where);
  return row?.n ?? 0;
}

export type LocationValues = {
  name: string;
  address: string;
  postalCode: string;
  city: string;
  isVisibleInDashboard: boolean;
  imageId: string | null;
};

export async function insertLocation(db: Db, values: LocationValues): Promise<{ id: string; name: string }> {
  const [row] = await db
    .insert(locations)
    .values(values)
    .returning({ id: locations.id, name: locations.name });
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Changes a live facility; undefined when there is none with that id. */
export async function updateLocation(db: Db, id: string, values: Partial<LocationValues>) {
  const [row] = await db
    .update(locations)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(locations.id, id), isNull(locations.deletedAt)))
    .returning({ id: locations.id, name: locations.name });
  return row;
}

/** Soft delete: its bays, links and cameras disappear with it, as every query joins live facilities. */
export async function softDeleteLocation(db: Db, id: string) {
  const [row] = await db
    .update(locations)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(locations.id, id), isNull(locations.deletedAt)))
    .returning({ id: locations.id, name: locations.name });
  return row;
}

export async function imageExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: images.id }).from(images).where(eq(images.id, id)).limit(1);
  return row !== undefined;
}
