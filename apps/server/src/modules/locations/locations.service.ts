import {
  type createLocationSchema,
  type getLocationsSchema,
  LOCATION_MESSAGES,
  type Location,
  type updateLocationSchema,
} from '@vaskedrift/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { isForeignKeyViolation } from '../../db/violations';
import type { EventBus } from '../../events/bus';
import { NotFoundError, ValidationError } from '../../lib/errors';
import type { Caller, Viewer } from '../../plugins/authenticate';
import {
  findLocation,
  imageExists,
  insertLocation,
  listLocations,
  softDeleteLocation,
  updateLocation,
} from './locations.repository';

type GetInput = z.output<typeof getLocationsSchema>;
type CreateInput = z.output<typeof createLocationSchema>;
type UpdateInput = z.output<typeof updateLocationSchema>;

export type LocationsService = ReturnType<typeof createLocationsService>;

export function createLocationsService({ db, bus }: { db: Db; bus: EventBus }) {
  async function mustFind(viewer: Viewer, id: string): Promise<Location> {
    const location = await findLocation(db, viewer, id);
    if (!location) throw new NotFoundError(LOCATION_MESSAGES.notFound);
    return location;
  }

  const imageNotFound = () =>
    new ValidationError(LOCATION_MESSAGES.imageNotFound, [
      { path: 'imageId', message: LOCATION_MESSAGES.imageNotFound },
    ]);

  /**
   * Writes a facility that may name an uploaded image. The image is checked first for a clear answer, and
   * the write's foreign key answers the same if housekeeping removed the image in between (decision 013).
   */
  async function writeWithImage<T>(imageId: string | null | undefined, write: () => Promise<T>): Promise<T> {
    if (imageId && !(await imageExists(db, imageId))) throw imageNotFound();
    try {
      return await write();
    } catch (err) {
      if (imageId && isForeignKeyViolation(err)) throw imageNotFound();
      throw err;
    }
  }

  async function get(viewer: Viewer, input: GetInput) {
    if (input.id) return { data: await mustFind(viewer, input.id) };
    return listLocations(db, viewer, input);
  }

  async function create(caller: Caller, input: CreateInput): Promise<Location> {
    const row = await writeWithImage(input.imageId, () =>
      insertLocation(db, { ...input, imageId: input.imageId ?? null }),
    );
    bus.publish('location.created', {
      userId: caller.userId,
      ip: caller.ip,
      locationId: row.id,
      name: row.name,
    });
    return mustFind(caller, row.id);
  }

  async function update(caller: Caller, { id, ...changes }: UpdateInput): Promise<Location> {
    const row = await writeWithImage(changes.imageId, () => updateLocation(db, id, changes));
    if (!row) throw new NotFoundError(LOCATION_MESSAGES.notFound);
    bus.publish('location.updated', {
      userId: caller.userId,
      ip: caller.ip,
      locationId: row.id,
      name: row.name,
      fields: Object.keys(changes),
    });
    return mustFind(caller, row.id);
  }

  async function remove(caller: Caller, id: string): Promise<{ id: string }> {
    const row = await softDeleteLocation(db, id);
    if (!row) throw new NotFoundError(LOCATION_MESSAGES.notFound);
    bus.publish('location.deleted', {
      userId: caller.userId,
      ip: caller.ip,
      locationId: row.id,
      name: row.name,
    });
    return { id: row.id };
  }

  return { get, create, update, remove };
}
