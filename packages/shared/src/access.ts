import { z } from 'zod';
import { idSchema } from './api';

export const ACCESS_MESSAGES = {
  isAdmin: 'Brukeren er en administrator',
  isAdminNoGrant: 'Brukeren er en administrator og ser alle anlegg allerede',
  locationNotFound: 'Fant ikke anlegget',
  grantNotFound: 'Brukeren har ikke tilgang til dette anlegget',
} as const;

export const ACCESS_ERROR_CODES = {
  isAdmin: 'users/access-admin',
} as const;

/** `POST backend/users/access/get`: the facilities granted to one user. */
export const userAccessGetSchema = z.object({ userId: idSchema });

/** `POST backend/users/access/create` and `DELETE backend/users/access/delete`. */
export const userAccessChangeSchema = z.object({ userId: idSchema, locationId: idSchema });
export type UserAccessChange = z.infer<typeof userAccessChangeSchema>;

const grantedLocationSchema = z.object({
  locationId: z.uuid(),
  name: z.string(),
  address: z.string(),
  postalCode: z.string(),
  city: z.string(),
  grantedAt: z.string(),
  grantedBy: z.uuid().nullable(),
});
export type GrantedLocation = z.infer<typeof grantedLocationSchema>;

/**
 * A user's facility access. `isAdmin` true: the user sees every facility whatever is granted
 * ('Brukeren er en administrator'); grants kept from before a promotion are still listed.
 */
export const userAccessSchema = z.object({
  userId: z.uuid(),
  isAdmin: z.boolean(),
  locations: z.array(grantedLocationSchema),
});
export type UserAccess = z.infer<typeof userAccessSchema>;

export const userAccessGrantSchema = z.object({
  userId: z.uuid(),
  locationId: z.uuid(),
  grantedAt: z.string(),
  grantedBy: z.uuid().nullable(),
});
export type UserAccessGrant = z.infer<typeof userAccessGrantSchema>;
