import {
  CAMERA_MESSAGES,
  type Camera,
  cameraSnapshotPath,
  canManageLocations,
  type createCameraSchema,
  type getCamerasSchema,
  type updateCameraSchema,
} from '@vaskedrift/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { NotFoundError } from '../../lib/errors';
import type { Caller, Viewer } from '../../plugins/authenticate';
import { assertLocationVisible } from '../access';
import {
  type CameraRow,
  deleteCamera,
  findCamera,
  insertCamera,
  listCameras,
  lockCamera,
  nextCameraSortOrder,
  updateCamera,
} from './cameras.repository';
import type { SnapshotSigner } from './snapshot-token';

type GetInput = z.output<typeof getCamerasSchema>;
type CreateInput = z.output<typeof createCameraSchema>;
type UpdateInput = z.output<typeof updateCameraSchema>;

export type CamerasService = ReturnType<typeof createCamerasService>;

/** `http://user:secret@cam/` → `http://user:****@cam/`: camera passwords are for admins' eyes only. */
function maskUrlCredentials(raw: string): string {
  try {
    const url = new URL(raw);
    if (!url.password) return raw;
    url.password = '****';
    return url.href;
  } catch {
    return raw;
  }
}

export function createCamerasService({ db, bus, signer }: { db: Db; bus: EventBus; signer: SnapshotSigner }) {
  function present(viewer: Viewer, row: CameraRow): Camera {
    const { token, expiresAt } = signer.sign(row.id, viewer.userId);
    return {
      ...row,
      snapshotUrl: canManageLocations(viewer.role) ? row.snapshotUrl : maskUrlCredentials(row.snapshotUrl),
      snapshotProxyUrl: `${cameraSnapshotPath(row.id)}?token=${token}`,
      snapshotProxyExpiresAt: expiresAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function mustFind(viewer: Viewer, id: string): Promise<Camera> {
    const row = await findCamera(db, viewer, id);
    if (!row) throw new NotFoundError(CAMERA_MESSAGES.notFound);
    return present(viewer, row);
  }

  async function get(viewer: Viewer, input: GetInput) {
    if (input.id) return { data: await mustFind(viewer, input.id) };
    const { rows, count } = await listCameras(db, viewer, input);
    return { data: rows.map((row) => present(viewer, row)), count };
  }

  async function create(caller: Caller, { locationId, ...input }: CreateInput): Promise<Camera> {
    const id = await db.transaction(async (tx) => {
      await assertLocationVisible(tx, caller, locationId);
      const sortOrder = input.sortOrder ?? (await nextCameraSortOrder(tx, locationId));
      const row = await insertCamera(tx, locationId, {
        ...input,
        streamUrl: input.streamUrl ?? null,
        sortOrder,
      });
      return row.id;
    });
    bus.publish('camera.created', {
      userId: caller.userId,
      ip: caller.ip,
      cameraId: id,
      locationId,
      name: input.name,
    });
    return mustFind(caller, id);
  }

  async function update(caller: Caller, { id, ...changes }: UpdateInput): Promise<Camera> {
    const camera = await db.transaction(async (tx) => {
      const camera = await lockCamera(tx, id);
      if (!camera) throw new NotFoundError(CAMERA_MESSAGES.notFound);
      await updateCamera(tx, id, changes);
      return camera;
    });
    bus.publish('camera.updated', {
      userId: caller.userId,
      ip: caller.ip,
      cameraId: id,
      locationId: camera.locationId,
      fields: Object.keys(changes),
    });
    return mustFind(caller, id);
  }

  async function remove(caller: Caller, id: string): Promise<{ id: string }> {
    const camera = await db.transaction(async (tx) => {
      const camera = await lockCamera(tx, id);
      if (!camera) throw new NotFoundError(CAMERA_MESSAGES.notFound);
      await deleteCamera(tx, id);
      return camera;
    });
    bus.publish('camera.deleted', {
      userId: caller.userId,
      ip: caller.ip,
      cameraId: id,
      locationId: camera.locationId,
      name: camera.name,
    });
    return { id };
  }

  return { get, create, update, remove };
}
