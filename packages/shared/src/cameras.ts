import { z } from 'zod';
import { API_BASE, idSchema, listRequest } from './api';
import {
  entityNameSchema,
  httpUrlSchema,
  oneOrListResponse,
  optionalHttpUrlSchema,
  sortOrderSchema,
  sortSchema,
  timestampSchema,
} from './fields';

/** The camera page reloads each snapshot this often. */
export const SNAPSHOT_REFRESH_MS = 10_000;
/** A signed snapshot URL lives this long; the page fetches the cameras again well before. */
export const SNAPSHOT_URL_TTL_SECONDS = 15 * 60;

export const CAMERA_MESSAGES = {
  notFound: 'Fant ikke kameraet',
  snapshotLinkInvalid: 'Lenken til kamerabildet er ugyldig eller utløpt. Last siden på nytt.',
  notAnImage: 'Kameraet svarte ikke med et bilde',
  upstreamStatus: 'Kameraet svarte med feilkode',
} as const;

export const createCameraSchema = z.object({
  locationId: idSchema,
  name: entityNameSchema,
  /** The camera's still image, fetched by the server (never by the browser) every 10 s. */
  snapshotUrl: httpUrlSchema,
  /** A page with the live stream, opened by the user in a new tab. */
  streamUrl: optionalHttpUrlSchema.optional(),
  sortOrder: sortOrderSchema.optional(),
});
export type CreateCameraInput = z.input<typeof createCameraSchema>;

export const updateCameraSchema = z.object({
  id: idSchema,
  name: entityNameSchema.optional(),
  snapshotUrl: httpUrlSchema.optional(),
  streamUrl: optionalHttpUrlSchema.optional(),
  sortOrder: sortOrderSchema.optional(),
});
export type UpdateCameraInput = z.input<typeof updateCameraSchema>;

export const CAMERA_SORT_COLUMNS = ['sortOrder', 'name', 'locationName', 'createdAt'] as const;

/** `backend/locations/cameras/get`: `{id}` for one, otherwise a page, ordered by sort order by default. */
export const getCamerasSchema = listRequest(z.object({ locationId: idSchema.optional() })).extend({
  id: idSchema.optional(),
  sort: sortSchema(CAMERA_SORT_COLUMNS).optional(),
});

export const cameraSchema = z.object({
  id: z.uuid(),
  locationId: z.uuid(),
  locationName: z.string(),
  name: z.string(),
  /** Credentials in the URL are masked for everybody but admins. */
  snapshotUrl: z.string(),
  streamUrl: z.string().nullable(),
  sortOrder: z.number().int(),
  /** The <img> src: the server's snapshot proxy with a short-lived signature (docs/decisions/006). */
  snapshotProxyUrl: z.string(),
  snapshotProxyExpiresAt: timestampSchema,
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Camera = z.infer<typeof cameraSchema>;

export const getCamerasResponseSchema = oneOrListResponse(cameraSchema);

export function cameraSnapshotPath(cameraId: string): string {
  return `${API_BASE}/cameras/${cameraId}/snapshot`;
}
