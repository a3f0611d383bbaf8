import {
  BAY_MESSAGES,
  BAY_STATUS_CAUSES,
  type Bay,
  type createBaySchema,
  type getBaysSchema,
  type updateBaySchema,
} from '@vaskedrift/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { ConflictError, NotFoundError } from '../../lib/errors';
import type { Caller, Viewer } from '../../plugins/authenticate';
import { assertLocationVisible } from '../access';
import {
  findBay,
  insertBay,
  listBays,
  lockBay,
  nextBaySortOrder,
  softDeleteBay,
  updateBayFields,
} from './bays.repository';
import { canSetStatusByHand, publishStatusChanges } from './status/bay-status';
import { baysInMaintenance } from './status/maintenance-seam';
import {
  applyBayStatusChanges,
  closeOpenPeriods,
  openFirstPeriods,
} from './status/status-periods.repository';

type GetInput = z.output<typeof getBaysSchema>;
type CreateInput = z.output<typeof createBaySchema>;
type UpdateInput = z.output<typeof updateBaySchema>;

export type BaysService = ReturnType<typeof createBaysService>;

/** A bay the viewer may see, or 404 exactly as for one that does not exist (docs/domain.md, Roles and access). */
export async function mustFindBay(db: Db, viewer: Viewer, id: string): Promise<Bay> {
  const bay = await findBay(db, viewer, id);
  if (!bay) throw new NotFoundError(BAY_MESSAGES.notFound);
  return bay;
}

export function createBaysService({ db, bus }: { db: Db; bus: EventBus }) {
  const mustFind = (viewer: Viewer, id: string) => mustFindBay(db, viewer, id);

  async function get(viewer: Viewer, input: GetInput) {
    if (input.id) return { data: await mustFind(viewer, input.id) };
    return listBays(db, viewer, input);
  }

  /** The bay and its first status period are one transaction; the events follow the commit. */
  async function create(caller: Caller, input: CreateInput): Promise<Bay> {
    const bay = await db.transaction(async (tx) => {
      await assertLocationVisible(tx, caller, input.locationId);
      const sortOrder = input.sortOrder ?? (await nextBaySortOrder(tx, input.locationId));
      const row = await insertBay(tx, { ...input, sortOrder });
      await openFirstPeriods(tx, [
        { bayId: row.id, status: row.status, cause: BAY_STATUS_CAUSES.created, changedBy: caller.userId },
      ]);
      return row;
    });
    const created = await mustFind(caller, bay.id);
    bus.publish('bay.created', {
      userId: caller.userId,
      ip: caller.ip,
      bayId: bay.id,
      locationId: bay.locationId,
      name: bay.name,
      status: bay.status,
    });
    publishStatusChanges(bus, [
      {
        bayId: bay.id,
        locationId: bay.locationId,
        from: null,
        to: bay.status,
        monitored: false,
        cause: BAY_STATUS_CAUSES.created,
        changedBy: caller.userId,
        at: new Date(created.statusChangedAt),
      },
    ]);
    return created;
  }

  /** Field changes and a status set by hand (with its period) commit together. */
  async function update(caller: Caller, { id, status, ...fields }: UpdateInput): Promise<Bay> {
    const applied = await db.transaction(async (tx) => {
      const bay = await lockBay(tx, id);
      if (!bay) throw new NotFoundError(BAY_MESSAGES.notFound);
      if (fields.locationId && fields.locationId !== bay.locationId) {
        await assertLocationVisible(tx, caller, fields.locationId);
      }
      if (Object.keys(fields).length > 0) await updateBayFields(tx, id, fields);
      if (!status || status === bay.status) return [];
      if (!(await canSetStatusByHand(tx, id))) throw new ConflictError(BAY_MESSAGES.statusNotByHand);
      // A running job owns the status until it ends (docs/domain.md, Maintenance).
      if ((await baysInMaintenance(tx, [id])).size > 0)
        throw new ConflictError(BAY_MESSAGES.statusInMaintenance);
      return applyBayStatusChanges(tx, [
        { bayId: id, status, cause: BAY_STATUS_CAUSES.manual, changedBy: caller.userId },
      ]);
    });
    const changed = [...Object.keys(fields), ...(applied.length > 0 ? ['status'] : [])];
    const updated = await mustFind(caller, id);
    bus.publish('bay.updated', {
      userId: caller.userId,
      ip: caller.ip,
      bayId: id,
      locationId: updated.locationId,
      name: updated.name,
      fields: changed,
    });
    // A bay moved to another facility announces its status there too.
    publishStatusChanges(
      bus,
      applied.map((change) => ({ ...change, locationId: updated.locationId })),
    );
    return updated;
  }

  async function remove(caller: Caller, id: string): Promise<{ id: string }> {
    const bay = await db.transaction(async (tx) => {
      const bay = await lockBay(tx, id);
      if (!bay) throw new NotFoundError(BAY_MESSAGES.notFound);
      await softDeleteBay(tx, id);
      await closeOpenPeriods(tx, [id]);
      return bay;
    });
    bus.publish('bay.deleted', {
      userId: caller.userId,
      ip: caller.ip,
      bayId: id,
      locationId: bay.locationId,
      name: bay.name,
    });
    return { id };
  }

  return { get, create, update, remove };
}
