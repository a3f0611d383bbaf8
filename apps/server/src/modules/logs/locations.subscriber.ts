import { BAY_STATUS_CAUSES, LOG_TYPES, type LogType } from '@vaskedrift/shared';
import type { Db } from '../../db/client';
import type { Actor } from '../../events/actor';
import type { EventBus } from '../../events/bus';
import type { DomainEvents } from '../../events/domain-events';
import type { LocationEvents } from '../../events/location-events';
import { insertLog } from './logs.repository';

const T = LOG_TYPES.location;

type Entry = { type: LogType; resourceType: string; resourceId: string; extraData: Record<string, unknown> };
type AdminEvent = Exclude<keyof LocationEvents, 'bay.status_changed'>;

/** How each admin change to facilities, bays, links and cameras reads in the audit log. */
const ENTRIES: { [K in AdminEvent]: (e: LocationEvents[K]) => Entry } = {
  'location.created': (e) => entry(T.locationsCreate, 'locations', e.locationId, { name: e.name }),
  'location.updated': (e) =>
    entry(T.locationsUpdate, 'locations', e.locationId, { name: e.name, fields: e.fields }),
  'location.deleted': (e) => entry(T.locationsDelete, 'locations', e.locationId, { name: e.name }),
  'image.uploaded': (e) =>
    entry(T.imagesUpload, 'images', e.imageId, { contentType: e.contentType, byteSize: e.byteSize }),
  'bay.created': (e) =>
    entry(T.baysCreate, 'bays', e.bayId, { locationId: e.locationId, name: e.name, status: e.status }),
  'bay.updated': (e) =>
    entry(T.baysUpdate, 'bays', e.bayId, { locationId: e.locationId, name: e.name, fields: e.fields }),
  'bay.deleted': (e) => entry(T.baysDelete, 'bays', e.bayId, { locationId: e.locationId, name: e.name }),
  'link.created': (e) =>
    entry(T.linksCreate, 'bay_links', e.linkId, { bayId: e.bayId, locationId: e.locationId, title: e.title }),
  'link.updated': (e) =>
    entry(T.linksUpdate, 'bay_links', e.linkId, {
      bayId: e.bayId,
      locationId: e.locationId,
      fields: e.fields,
    }),
  'link.deleted': (e) =>
    entry(T.linksDelete, 'bay_links', e.linkId, { bayId: e.bayId, locationId: e.locationId, title: e.title }),
  'link.reordered': (e) => entry(T.linksReorder, 'bays', e.bayId, { locationId: e.locationId, ids: e.ids }),
  'camera.created': (e) =>
    entry(T.camerasCreate, 'cameras', e.cameraId, { locationId: e.locationId, name: e.name }),
  'camera.updated': (e) =>
    entry(T.camerasUpdate, 'cameras', e.cameraId, { locationId: e.locationId, fields: e.fields }),
  'camera.deleted': (e) =>
    entry(T.camerasDelete, 'cameras', e.cameraId, { locationId: e.locationId, name: e.name }),
  'mute.created': (e) =>
    entry(T.mutesCreate, 'mutes', e.muteId, {
      locationId: e.locationId,
      bayId: e.bayId,
      until: e.until.toISOString(),
      reason: e.reason,
    }),
  'mute.ended': (e) =>
    entry(T.mutesEnd, 'mutes', e.muteIds[0] ?? '', {
      locationId: e.locationId,
      bayId: e.bayId,
      ids: e.muteIds,
    }),
};

function entry(
  type: LogType,
  resourceType: string,
  resourceId: string,
  extraData: Record<string, unknown>,
): Entry {
  return { type, resourceType, resourceId, extraData };
}

/**
 * Writes admin changes with who did it. Of the status changes only those set by hand are logged: the
 * status engine changes thousands of bays, and those live in the status periods, not the audit log.
 */
export function subscribeLocationLogs(bus: EventBus, db: Db): Array<() => void> {
  const admin = (Object.keys(ENTRIES) as AdminEvent[]).map((event) =>
    bus.on(event, (payload: DomainEvents[typeof event]) => {
      const made = (ENTRIES[event] as (e: Actor) => Entry)(payload);
      return insertLog(db, { ...made, userId: payload.userId, ip: payload.ip });
    }),
  );
  const manualStatus = bus.on('bay.status_changed', async (e) => {
    if (e.cause !== BAY_STATUS_CAUSES.manual) return;
    await insertLog(db, {
      ...entry(T.baysStatusManual, 'bays', e.bayId, { locationId: e.locationId, from: e.from, to: e.to }),
      userId: e.changedBy,
    });
  });
  return [...admin, manualStatus];
}
