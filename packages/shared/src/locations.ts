import { z } from 'zod';
import { API_BASE, idSchema, listRequest } from './api';
import { statusCountsSchema } from './bays';
import { entityNameSchema, FIELD_MESSAGES, oneOrListResponse, sortSchema, timestampSchema } from './fields';

export const LOCATION_MESSAGES = {
  addressRequired: 'Adresse er påkrevd',
  addressTooShort: 'Adressen må være lenger enn 2 bokstaver',
  cityRequired: 'Poststed er påkrevd',
  cityTooShort: 'Poststedet må være lenger enn 2 bokstaver',
  postalCodeRequired: 'Postnummer er påkrevd',
  postalCodeInvalid: 'Postnummeret må være 4 siffer',
  postalCodeZero: 'Postnummeret 0000 finnes ikke',
  notFound: 'Fant ikke anlegget',
  imageNotFound: 'Fant ikke bildet',
} as const;

function textOver2(required: string, tooShort: string, max: number) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .min(3, tooShort)
    .max(max, `Kan ikke være lenger enn ${max} tegn`);
}

/** Norwegian postal codes are 4 digits and may start with 0 (Oslo 0150), so they are strings. */
const postalCodeSchema = z
  .string({ error: LOCATION_MESSAGES.postalCodeRequired })
  .trim()
  .min(1, LOCATION_MESSAGES.postalCodeRequired)
  .regex(/^\d{4}$/, LOCATION_MESSAGES.postalCodeInvalid)
  .refine((code) => code !== '0000', LOCATION_MESSAGES.postalCodeZero);

const locationFields = {
  name: entityNameSchema,
  address: textOver2(LOCATION_MESSAGES.addressRequired, LOCATION_MESSAGES.addressTooShort, 200),
  postalCode: postalCodeSchema,
  city: textOver2(LOCATION_MESSAGES.cityRequired, LOCATION_MESSAGES.cityTooShort, 100),
  isVisibleInDashboard: z.boolean({ error: FIELD_MESSAGES.booleanInvalid }),
  /** An image uploaded with `backend/locations/image/upload`; null removes the picture. */
  imageId: idSchema.nullable(),
};

export const createLocationSchema = z.object({
  ...locationFields,
  isVisibleInDashboard: locationFields.isVisibleInDashboard.default(true),
  imageId: locationFields.imageId.optional(),
});
export type CreateLocationInput = z.input<typeof createLocationSchema>;

export const updateLocationSchema = z
  .object({ id: idSchema })
  .extend(z.object(locationFields).partial().shape);
export type UpdateLocationInput = z.input<typeof updateLocationSchema>;

export const LOCATION_SORT_COLUMNS = ['name', 'city', 'createdAt', 'bays'] as const;

const locationFiltersSchema = z.object({
  isVisibleInDashboard: z.boolean({ error: FIELD_MESSAGES.booleanInvalid }).optional(),
});

/** `backend/locations/get`: `{id}` for one, otherwise a page (search matches name, address and city). */
export const getLocationsSchema = listRequest(locationFiltersSchema).extend({
  id: idSchema.optional(),
  sort: sortSchema(LOCATION_SORT_COLUMNS).optional(),
});

export const locationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  address: z.string(),
  postalCode: z.string(),
  city: z.string(),
  isVisibleInDashboard: z.boolean(),
  imageId: z.uuid().nullable(),
  /** Where the picture is served (an <img> src), or null. */
  imageUrl: z.string().nullable(),
  bayCount: z.number().int(),
  /** Live bays per status. */
  statusCounts: statusCountsSchema,
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Location = z.infer<typeof locationSchema>;

export const getLocationsResponseSchema = oneOrListResponse(locationSchema);

/** Facility pictures: PNG, JPEG or WebP (checked by content), at most 5 MB. */
export const IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const IMAGE_MESSAGES = {
  missing: 'Velg et bilde å laste opp',
  tooMany: 'Last opp ett bilde om gangen',
  tooLarge: 'Bildet er større enn 5 MB',
  wrongType: 'Bildet må være PNG, JPEG eller WebP',
  notMultipart: 'Bildet må sendes som multipart/form-data',
} as const;

export const uploadedImageSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  contentType: z.enum(IMAGE_CONTENT_TYPES),
  byteSize: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

/** Where an image is served. Public by its unguessable id: see docs/decisions/006-images.md. */
export function imageUrl(id: string): string {
  return `${API_BASE}/images/${id}`;
}
