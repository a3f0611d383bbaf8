import {
  BAY_MESSAGES,
  type createLinkSchema,
  type getLinksSchema,
  LINK_MESSAGES,
  type Link,
  type reorderLinksSchema,
  type updateLinkSchema,
} from '@vaskedrift/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { NotFoundError, ValidationError } from '../../lib/errors';
import type { Caller, Viewer } from '../../plugins/authenticate';
import { findBay, lockBay } from '../bays';
import {
  deleteLink,
  findLink,
  insertLink,
  listLinksOfBay,
  lockLink,
  lockLinkIdsOfBay,
  nextLinkSortOrder,
  rewriteLinkOrder,
  updateLink,
} from './links.repository';

type GetInput = z.output<typeof getLinksSchema>;
type CreateInput = z.output<typeof createLinkSchema>;
type UpdateInput = z.output<typeof updateLinkSchema>;
type ReorderInput = z.output<typeof reorderLinksSchema>;

export type LinksService = ReturnType<typeof createLinksService>;

/** True when `ids` holds every id of `existing` exactly once and nothing else. */
function isPermutation(ids: string[], existing: string[]): boolean {
  const unique = new Set(ids);
  if (unique.size !== ids.length || ids.length !== existing.length) return false;
  return existing.every((id) => unique.has(id));
}

export function createLinksService({ db, bus }: { db: Db; bus: EventBus }) {
  async function mustFind(viewer: Viewer, id: string): Promise<Link> {
    const link = await findLink(db, viewer, id);
    if (!link) throw new NotFoundError(LINK_MESSAGES.notFound);
    return link;
  }

  async function listOfVisibleBay(viewer: Viewer, bayId: string) {
    if (!(await findBay(db, viewer, bayId))) throw new NotFoundError(BAY_MESSAGES.notFound);
    const data = await listLinksOfBay(db, viewer, bayId);
    return { data, count: data.length };
  }

  async function get(viewer: Viewer, input: GetInput) {
    if (input.id) return { data: await mustFind(viewer, input.id) };
    // The schema requires one of the two.
    return listOfVisibleBay(viewer, input.filters?.bayId ?? '');
  }

  async function create(caller: Caller, { bayId, ...input }: CreateInput): Promise<Link> {
    const { id, locationId } = await db.transaction(async (tx) => {
      // Locking the bay serialises concurrent creates, so "last" stays last.
      const bay = await lockBay(tx, bayId);
      if (!bay) throw new NotFoundError(BAY_MESSAGES.notFound);
      const sortOrder = input.sortOrder ?? (await nextLinkSortOrder(tx, bayId));
      const row = await insertLink(tx, bayId, { ...input, iconClass: input.iconClass ?? null, sortOrder });
      return { id: row.id, locationId: bay.locationId };
    });
    bus.publish('link.created', {
      userId: caller.userId,
      ip: caller.ip,
      linkId: id,
      bayId,
      locationId,
      title: input.title,
    });
    return mustFind(caller, id);
  }

  async function update(caller: Caller, { id, ...changes }: UpdateInput): Promise<Link> {
    const link = await db.transaction(async (tx) => {
      const link = await lockLink(tx, id);
      if (!link) throw new NotFoundError(LINK_MESSAGES.notFound);
      await updateLink(tx, id, changes);
      return link;
    });
    bus.publish('link.updated', {
      userId: caller.userId,
      ip: caller.ip,
      linkId: id,
      bayId: link.bayId,
      locationId: link.locationId,
      fields: Object.keys(changes),
    });
    return mustFind(caller, id);
  }

  async function remove(caller: Caller, id: string): Promise<{ id: string }> {
    const link = await db.transaction(async (tx) => {
      const link = await lockLink(tx, id);
      if (!link) throw new NotFoundError(LINK_MESSAGES.notFound);
      await deleteLink(tx, id);
      return link;
    });
    bus.publish('link.deleted', {
      userId: caller.userId,
      ip: caller.ip,
      linkId: id,
      bayId: link.bayId,
      locationId: link.locationId,
      title: link.title,
    });
    return { id };
  }

  /** Takes the full new order; refuses a list that is not exactly the bay's links. */
  async function reorder(caller: Caller, { bayId, ids }: ReorderInput) {
    const locationId = await db.transaction(async (tx) => {
      const bay = await lockBay(tx, bayId);
      if (!bay) throw new NotFoundError(BAY_MESSAGES.notFound);
      const existing = await lockLinkIdsOfBay(tx, bayId);
      if (!isPermutation(ids, existing)) {
        throw new ValidationError(LINK_MESSAGES.reorderMismatch, [
          { path: 'ids', message: LINK_MESSAGES.reorderMismatch },
        ]);
      }
      await rewriteLinkOrder(tx, ids);
      return bay.locationId;
    });
    bus.publish('link.reordered', { userId: caller.userId, ip: caller.ip, bayId, locationId, ids });
    return listOfVisibleBay(caller, bayId);
  }

  return { get, create, update, remove, reorder };
}
