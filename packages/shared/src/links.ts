import { z } from 'zod';
import { idSchema, listResponse } from './api';
import {
  entityNameSchema,
  httpUrlSchema,
  oneOrListResponse,
  sortOrderSchema,
  timestampSchema,
} from './fields';

/** Where a link opens: this tab (`self`) or a new one (`blank`). */
const LINK_TARGETS = ['self', 'blank'] as const;
const linkTargetSchema = z.enum(LINK_TARGETS, { error: 'Mål må være self eller blank' });
export type LinkTarget = z.infer<typeof linkTargetSchema>;

export const LINK_MESSAGES = {
  iconClassInvalid: 'Ikonklassen kan bare inneholde bokstaver og bindestrek',
  reorderMismatch: 'Rekkefølgen må inneholde hver lenke til vaskehallen nøyaktig én gang',
  notFound: 'Fant ikke lenken',
} as const;

/** Letters and hyphens only (e.g. `ti-external-link`); forms send '' for none, stored as null. */
export const iconClassSchema = z
  .string({ error: LINK_MESSAGES.iconClassInvalid })
  .trim()
  .max(64, 'Ikonklassen kan ikke være lenger enn 64 tegn')
  .regex(/^[A-Za-z-]*$/, LINK_MESSAGES.iconClassInvalid)
  .transform((value) => value || null)
  .nullable();

export const createLinkSchema = z.object({
  bayId: idSchema,
  title: entityNameSchema,
  url: httpUrlSchema,
  target: linkTargetSchema.default('blank'),
  iconClass: iconClassSchema.optional(),
  /** Placed last when left out. */
  sortOrder: sortOrderSchema.optional(),
});
export type CreateLinkInput = z.input<typeof createLinkSchema>;

export const updateLinkSchema = z.object({
  id: idSchema,
  title: entityNameSchema.optional(),
  url: httpUrlSchema.optional(),
  target: linkTargetSchema.optional(),
  iconClass: iconClassSchema.optional(),
  sortOrder: sortOrderSchema.optional(),
});
export type UpdateLinkInput = z.input<typeof updateLinkSchema>;

/**
 * `backend/bays/links/get`: `{id}` for one link, or `{filters: {bayId}}` for all links of a bay in order.
 * A bay has few links and they are reordered as a whole, so this list is never paginated.
 */
export const getLinksSchema = z
  .object({
    id: idSchema.optional(),
    filters: z.object({ bayId: idSchema }).optional(),
  })
  .refine((body) => body.id != null || body.filters != null, {
    message: 'Oppgi id eller filters.bayId',
    path: ['filters', 'bayId'],
  });

/** The full new order of a bay's links: every link id once. */
export const reorderLinksSchema = z.object({
  bayId: idSchema,
  ids: z.array(idSchema, { error: LINK_MESSAGES.reorderMismatch }).max(500, LINK_MESSAGES.reorderMismatch),
});
export type ReorderLinksInput = z.input<typeof reorderLinksSchema>;

export const linkSchema = z.object({
  id: z.uuid(),
  bayId: z.uuid(),
  title: z.string(),
  url: z.string(),
  target: linkTargetSchema,
  iconClass: z.string().nullable(),
  sortOrder: z.number().int(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Link = z.infer<typeof linkSchema>;

export const getLinksResponseSchema = oneOrListResponse(linkSchema);
export const reorderLinksResponseSchema = listResponse(linkSchema);
