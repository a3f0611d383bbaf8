import { BAY_MESSAGES, type CreateMuteInput, MUTE_MESSAGES, type Mute } from '@vaskedrift/shared';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { ConflictError, NotFoundError } from '../../lib/errors';
import type { Caller, Viewer } from '../../plugins/authenticate';
import { assertLocationVisible } from '../access';
import { findBay } from '../bays';
import { endRunningMutes, insertMute, listRunningMutes, type MuteScope } from './mutes.repository';

export type MutesService = ReturnType<typeof createMutesService>;
type ScopeInput = { bayId?: string; locationId?: string };

/**
 * 'Demp varsler' (docs/domain.md, Alerts): a bay or a facility muted for some hours. Muting again
 * replaces the running mute of the same bay or facility. A bay or facility the caller may not see answers
 * 404, as one that does not exist.
 */
export function createMutesService({ db, bus }: { db: Db; bus: EventBus }) {
  async function mustFindScope(viewer: Viewer, input: ScopeInput): Promise<MuteScope> {
    if (input.bayId) {
      const bay = await findBay(db, viewer, input.bayId);
      if (!bay) throw new NotFoundError(BAY_MESSAGES.notFound);
      return { locationId: bay.locationId, bayId: bay.id };
    }
    const locationId = input.locationId as string;
    await assertLocationVisible(db, viewer, locationId);
    return { locationId, bayId: null };
  }

  async function create(caller: Caller, input: CreateMuteInput): Promise<{ data: Mute; message: string }> {
    const scope = await mustFindScope(caller, input);
    const created = await db.transaction(async (tx) => {
      await endRunningMutes(tx, scope);
      return insertMute(tx, { ...scope, hours: input.hours, reason: input.reason, createdBy: caller.userId });
    });
    bus.publish('mute.created', {
      userId: caller.userId,
      ip: caller.ip,
      muteId: created.id,
      ...scope,
      until: created.until,
      reason: input.reason,
    });
    const [data] = await listRunningMutes(db, { id: created.id });
    if (!data) throw new NotFoundError(MUTE_MESSAGES.notMuted);
    return { data, message: MUTE_MESSAGES.muted };
  }

  async function end(caller: Caller, input: ScopeInput): Promise<{ message: string }> {
    const scope = await mustFindScope(caller, input);
    const muteIds = await endRunningMutes(db, scope);
    if (muteIds.length === 0) throw new ConflictError(MUTE_MESSAGES.notMuted);
    bus.publish('mute.ended', { userId: caller.userId, ip: caller.ip, ...scope, muteIds });
    return { message: MUTE_MESSAGES.unmuted };
  }

  async function get(viewer: Viewer, input: ScopeInput): Promise<{ data: Mute[] }> {
    const scope = await mustFindScope(viewer, input);
    const data = await listRunningMutes(
      db,
      scope.bayId ? { bayId: scope.bayId, locationId: scope.locationId } : { locationId: scope.locationId },
    );
    return { data };
  }

  return { create, end, get };
}
