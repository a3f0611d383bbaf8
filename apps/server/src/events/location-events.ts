import type { BayStatus } from '@vaskedrift/shared';
import type { Actor } from './actor';

/**
 * Events about facilities and what hangs off them. Admin changes carry the actor for the audit log and
 * list changed field names, never values (a camera URL may hold a password).
 */
export type LocationEvents = {
  'location.created': Actor & { locationId: string; name: string };
  'location.updated': Actor & { locationId: string; name: string; fields: string[] };
  'location.deleted': Actor & { locationId: string; name: string };
  'image.uploaded': Actor & { imageId: string; contentType: string; byteSize: number };
  'bay.created': Actor & { bayId: string; locationId: string; name: string; status: BayStatus };
  'bay.updated': Actor & { bayId: string; locationId: string; name: string; fields: string[] };
  'bay.deleted': Actor & { bayId: string; locationId: string; name: string };
  /**
   * A bay's status changed (`from` null: the bay was just created), or only whether it is monitored
   * (`from` equal to `to`; docs/domain.md, Statistics). Published after the change and its status period
   * are committed; realtime, notifications and statistics build on it.
   */
  'bay.status_changed': {
    bayId: string;
    locationId: string;
    from: BayStatus | null;
    to: BayStatus;
    monitored: boolean;
    cause: string;
    changedBy: string | null;
    at: Date;
  };
  'link.created': Actor & { linkId: string; bayId: string; locationId: string; title: string };
  'link.updated': Actor & { linkId: string; bayId: string; locationId: string; fields: string[] };
  'link.deleted': Actor & { linkId: string; bayId: string; locationId: string; title: string };
  'link.reordered': Actor & { bayId: string; locationId: string; ids: string[] };
  'camera.created': Actor & { cameraId: string; locationId: string; name: string };
  'camera.updated': Actor & { cameraId: string; locationId: string; fields: string[] };
  'camera.deleted': Actor & { cameraId: string; locationId: string; name: string };
  /** 'Demp varsler' on a bay (`bayId`) or a whole facility (`bayId` null), and its early end. */
  'mute.created': Actor & {
    muteId: string;
    locationId: string;
    bayId: string | null;
    until: Date;
    reason: string;
  };
  'mute.ended': Actor & { locationId: string; bayId: string | null; muteIds: string[] };
};
