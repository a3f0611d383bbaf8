import type { Link, LinkTarget } from '@vaskedrift/shared';
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bayLinks, bays, locations } from '../../db/schema';
import type { Viewer } from '../../plugins/authenticate';
import { visibleLocationsCondition } from '../access';

const linkColumns = {
  id: bayLinks.id,
  bayId: bayLinks.bayId,
  title: bayLinks.title,
  url: bayLinks.url,
  target: bayLinks.target,
  iconClass: bayLinks.iconClass,
  sortOrder: bayLinks.sortOrder,
  createdAt: bayLinks.createdAt,
  updatedAt: bayLinks.updatedAt,
};

/** Links of live bays of live facilities the viewer may see. */
function selectLinks(db: Db, viewer: Viewer, where: SQL) {
  return db
    .select(linkColumns)
    .from(bayLinks)
    .innerJoin(bays, and(eq(bayLinks.bayId, bays.id), isNull(bays.deletedAt)))
    .innerJoin(locations, eq(bays.locationId, locations.id))
    .where(and(visibleLocationsCondition(viewer), where))
    .$dynamic();
}

type LinkRow = Awaited<ReturnType<typeof selectLinks>>[number];

function toLink(row: LinkRow): Link {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** Sort order first; equal sort orders (set by hand) fall back to age and id, so the order is total. */
const linkOrder = [asc(bayLinks.sortOrder), asc(bayLinks.createdAt), asc(bayLinks.id)];

export async function findLink(db: Db, viewer: Viewer, id: string): Promise<Link | undefined> {
  const [row] = await selectLinks(db, viewer, eq(bayLinks.id, id));
  return row ? toLink(row) : undefined;
}

export async function listLinksOfBay(db: Db, viewer: Viewer, bayId: string): Promise<Link[]> {
  const rows = await selectLinks(db, viewer, eq(bayLinks.bayId, bayId)).orderBy(...linkOrder);
  return rows.map(toLink);
}

/** A link of a live bay of a live facility, locked for the transaction (admin writes). */
export async function lockLink(tx: Db, id: string) {
  const [row] = await tx
    .select({ id: bayLinks.id, bayId: bayLinks.bayId, locationId: bays.locationId, title: bayLinks.title })
    .from(bayLinks)
    .innerJoin(bays, and(eq(bayLinks.bayId, bays.id), isNull(bays.deletedAt)))
    .innerJoin(locations, and(eq(bays.locationId, locations.id), isNull(locations.deletedAt)))
    .where(eq(bayLinks.id, id))
    .for('update', { of: bayLinks });
  return row;
}

/** The ids of a bay's links, locked: a reorder must see exactly the links that exist. */
export async function lockLinkIdsOfBay(tx: Db, bayId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: bayLinks.id })
    .from(bayLinks)
    .where(eq(bayLinks.bayId, bayId))
    .orderBy(bayLinks.id)
    .for('update');
  return rows.map((row) => row.id);
}

export async function nextLinkSortOrder(tx: Db, bayId: string): Promise<number> {
  const [row] = await tx
    .select({ next: sql<number>`coalesce(max(${bayLinks.sortOrder}) + 1, 0)::int` })
    .from(bayLinks)
    .where(eq(bayLinks.bayId, bayId));
  return row?.next ?? 0;
}

export type LinkValues = {
  title: string;
  url: string;
  target: LinkTarget;
  iconClass: string | null;
  sortOrder: number;
};

export async function insertLink(tx: Db, bayId: string, values: LinkValues) {
  const [row] = await tx
    .insert(bayLinks)
    .values({ bayId, ...values })
    .returning({ id: bayLinks.id });
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateLink(tx: Db, id: string, values: Partial<LinkValues>) {
  await tx
    .update(bayLinks)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(bayLinks.id, id));
}

export async function deleteLink(tx: Db, id: string) {
  await tx.delete(bayLinks).where(eq(bayLinks.id, id));
}

/** Sort orders 0..n-1 in the given order, in one statement. */
export async function rewriteLinkOrder(tx: Db, orderedIds: string[]) {
  if (orderedIds.length === 0) return;
  await tx.execute(sql`
    update ${bayLinks} set sort_order = o.position - 1, updated_at = now()
    from unnest(${sql.param(orderedIds)}::uuid[]) with ordinality as o(id, position)
    where ${bayLinks.id} = o.id
  `);
}
