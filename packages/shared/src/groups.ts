import { z } from 'zod';
import { idSchema, listRequest } from './api';
import { sortSchema } from './fields';
import { roleSchema } from './role-schema';
import { colorSchema } from './validation';

export const GROUP_MESSAGES = {
  nameRequired: 'Navn er påkrevd',
  descriptionRequired: 'Beskrivelse er påkrevd',
  nameTaken: 'Det finnes allerede en gruppe med dette navnet',
  inUse: 'Gruppen er i bruk',
  notFound: 'Fant ikke gruppen',
  unknownMember: 'Ukjent bruker i medlemslisten',
  unknownGroup: 'Ukjent gruppe',
} as const;

export const GROUP_ERROR_CODES = {
  inUse: 'groups/in-use',
  nameTaken: 'groups/name-taken',
} as const;

const GROUP_NAME_MAX = 100;
const GROUP_DESCRIPTION_MAX = 500;

const groupNameSchema = z
  .string({ error: GROUP_MESSAGES.nameRequired })
  .trim()
  .min(1, GROUP_MESSAGES.nameRequired)
  .max(GROUP_NAME_MAX, `Navnet kan ha høyst ${GROUP_NAME_MAX} tegn`);
const groupDescriptionSchema = z
  .string({ error: GROUP_MESSAGES.descriptionRequired })
  .trim()
  .min(1, GROUP_MESSAGES.descriptionRequired)
  .max(GROUP_DESCRIPTION_MAX, `Beskrivelsen kan ha høyst ${GROUP_DESCRIPTION_MAX} tegn`);

const groupConfigSchema = z.object({ color: colorSchema });
const memberIdsSchema = z.array(idSchema, { error: GROUP_MESSAGES.unknownMember }).max(1000);

/** `POST backend/groups/create`. `members` are user ids; it may be left out for an empty group. */
export const createGroupSchema = z.object({
  name: groupNameSchema,
  description: groupDescriptionSchema,
  config: groupConfigSchema,
  members: memberIdsSchema.default([]),
});
export type CreateGroupInput = z.infer<typeof createGroupSchema>;

/** `PATCH backend/groups/update`: the fields given change; `members` replaces the whole member list. */
export const updateGroupSchema = z.object({
  id: idSchema,
  name: groupNameSchema.optional(),
  description: groupDescriptionSchema.optional(),
  config: groupConfigSchema.optional(),
  members: memberIdsSchema.optional(),
});
export type UpdateGroupInput = z.infer<typeof updateGroupSchema>;

/** A group as other objects mention it (a user's groups, v_users_data.groups). */
export const groupRefSchema = z.object({ id: z.uuid(), name: z.string(), color: z.string() });
export type GroupRef = z.infer<typeof groupRefSchema>;

const groupMemberSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: roleSchema,
  avatar: z.string().nullable(),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

export const groupSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  config: z.object({ color: z.string() }),
  memberCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Group = z.infer<typeof groupSchema>;

/** One group, as `POST backend/groups/get` with `{id}` answers it: with its members. */
export const groupDetailSchema = groupSchema.extend({ members: z.array(groupMemberSchema) });
export type GroupDetail = z.infer<typeof groupDetailSchema>;

export const GROUP_SORT_COLUMNS = ['name', 'description', 'memberCount', 'createdAt'] as const;

/** `POST backend/groups/get`: `{id}` for one group with members, or a page of groups. */
export const groupGetSchema = listRequest(z.object({ memberId: idSchema.optional() })).extend({
  id: idSchema.optional(),
  sort: sortSchema(GROUP_SORT_COLUMNS).optional(),
});
export type GroupGetInput = z.infer<typeof groupGetSchema>;
