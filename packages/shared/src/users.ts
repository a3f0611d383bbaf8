import { z } from 'zod';
import { idSchema, listRequest } from './api';
import { sortSchema } from './fields';
import { groupRefSchema } from './groups';
import { roleSchema } from './role-schema';
import { languageSchema, themeModeSchema } from './user-settings';
import { emailSchema, MESSAGES, passwordSchema, phoneSchema } from './validation';

export const USER_MESSAGES = {
  emailExists: 'Denne eposten finnes allerede i systemet',
  createFailed: 'Feil ved opprettelse av bruker',
  updateFailed: 'Feil ved oppdatering av bruker',
  notFound: 'Fant ikke brukeren',
  groupsRequired: 'Grupper er påkrevd',
  avatarInvalid: 'Ugyldig profilbilde',
  viewNeedsId: 'Oppgi id for å hente brukerdata',
  nameRequired: 'Navn er påkrevd',
  nameCharacters: 'Navnet kan bare inneholde bokstaver, tall, mellomrom og bindestrek',
  noTwoFactor: 'Brukeren har ikke tofaktorinnlogging',
} as const;

export const USER_ERROR_CODES = {
  emailExists: 'auth/email-already-exists',
  createFailed: 'users-create-error',
  updateFailed: 'users-update-error',
  noTwoFactor: 'users/no-two-factor',
} as const;

const NAME_MAX = 100;

/**
 * First and last names: longer than 2 letters, letters and numbers only. A space, hyphen or apostrophe
 * between letters is accepted so that "Anne-Marie", "Ole Johan" and "O'Neil" can be entered.
 */
export const personNameSchema = z
  .string({ error: USER_MESSAGES.nameRequired })
  .trim()
  .normalize('NFC')
  .min(1, USER_MESSAGES.nameRequired)
  .max(NAME_MAX, `Navnet kan ikke være lenger enn ${NAME_MAX} tegn`)
  .refine((name) => name === '' || (name.match(/[\p{L}\p{N}]/gu)?.length ?? 0) > 2, MESSAGES.nameTooShort)
  .refine((name) => name === '' || /^[\p{L}\p{M}\p{N}]+(?:[ '’-][\p{L}\p{M}\p{N}]+)*$/u.test(name), {
    message: USER_MESSAGES.nameCharacters,
  });

/** Largest avatar kept (a small data URI or a link); larger images belong in an upload. */
const AVATAR_MAX_LENGTH = 200_000;

/** An avatar: an http(s) link or a PNG/JPEG/WebP/GIF data URI (never SVG, which can carry script). */
const avatarSchema = z
  .string({ error: USER_MESSAGES.avatarInvalid })
  .max(AVATAR_MAX_LENGTH, USER_MESSAGES.avatarInvalid)
  .refine(
    (value) =>
      /^https?:\/\/[^\s]+$/i.test(value) ||
      /^data:image\/(png|jpeg|webp|gif);base64,[A-Za-z0-9+/=]+$/.test(value),
    USER_MESSAGES.avatarInvalid,
  )
  .nullable();

const groupIdsSchema = z.array(idSchema, { error: USER_MESSAGES.groupsRequired }).max(100);

/**
 * `POST backend/users/create`. `groups` must be given (docs/domain.md, Validation) but may
 * be empty: a fresh installation has no groups yet, and groups only steer notifications.
 */
export const createUserSchema = z.object({
  firstName: personNameSchema,
  lastName: personNameSchema,
  email: emailSchema,
  phone: phoneSchema.optional(),
  password: passwordSchema,
  role: roleSchema,
  groups: groupIdsSchema,
});
export type CreateUserInput = z.infer<typeof createUserSchema>;

/** A new password and its confirmation: the user edit page and the reset page both use it. */
export const passwordChangeSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string().optional() })
  .refine((v) => v.confirmPassword === v.password, {
    message: MESSAGES.passwordsMustMatch,
    path: ['confirmPassword'],
  });
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

/**
 * `PATCH backend/users/update`: the fields given change. A new `password` needs `confirmPassword`;
 * `disabled: true` disables the user (and ends their sessions), `false` enables them again;
 * `groups` replaces the user's group list.
 */
export const updateUserSchema = z
  .object({
    id: idSchema,
    firstName: personNameSchema.optional(),
    lastName: personNameSchema.optional(),
    email: emailSchema.optional(),
    phone: phoneSchema.optional(),
    avatar: avatarSchema.optional(),
    role: roleSchema.optional(),
    disabled: z.boolean({ error: 'Ugyldig verdi' }).optional(),
    groups: groupIdsSchema.optional(),
    password: passwordSchema.optional(),
    confirmPassword: z.string().optional(),
  })
  .refine((v) => v.password === undefined || v.confirmPassword === v.password, {
    message: MESSAGES.passwordsMustMatch,
    path: ['confirmPassword'],
  });
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

/** A user as the API answers it: never the password hash. */
export const userSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: roleSchema,
  avatar: z.string().nullable(),
  groups: z.array(groupRefSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastSignInAt: z.string().nullable(),
  /** When a browser of the user was last seen on the live channel (presence); null if never. */
  lastSeenAt: z.string().nullable(),
  disabledAt: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

/** The name of the view `POST backend/users/get` reads when asked for `{table, id}`. */
export const USERS_VIEW = 'v_users_data';

/** One row of `v_users_data`: the profile, settings, theme and config, each prefixed, and the groups. */
export const userViewSchema = z.object({
  id: z.uuid(),
  profile_id: z.uuid(),
  profile_firstName: z.string(),
  profile_lastName: z.string(),
  profile_email: z.string(),
  profile_phone: z.string().nullable(),
  profile_role: roleSchema,
  profile_avatar: z.string().nullable(),
  profile_createdAt: z.string(),
  profile_disabledAt: z.string().nullable(),
  settings_items_per_page: z.number().int(),
  settings_language: languageSchema,
  /** Not a column of the view (migration 0002): read beside it from `user_settings`. */
  settings_desktop_notifications: z.boolean(),
  theme_configs_mode: themeModeSchema,
  theme_configs_theme_color: z.string(),
  user_configs_config: z.record(z.string(), z.unknown()),
  groups: z.array(groupRefSchema),
});
export type UserView = z.infer<typeof userViewSchema>;

export const USER_SORT_COLUMNS = [
  'firstName',
  'lastName',
  'email',
  'role',
  'createdAt',
  'lastSignInAt',
] as const;
export type UserSortColumn = (typeof USER_SORT_COLUMNS)[number];

const userFiltersSchema = z.object({
  role: roleSchema.optional(),
  groupId: idSchema.optional(),
  disabled: z.boolean().optional(),
});

/**
 * `POST backend/users/get`: `{id}` answers one user, `{table: "v_users_data", id}` that user's view row,
 * and otherwise a page of users (`search` in names and e-mail; `sort.column` one of USER_SORT_COLUMNS).
 */
export const userGetSchema = listRequest(userFiltersSchema)
  .extend({
    id: idSchema.optional(),
    table: z.literal(USERS_VIEW, { error: 'Ukjent tabell' }).optional(),
    sort: sortSchema(USER_SORT_COLUMNS).optional(),
  })
  .refine((v) => v.table === undefined || v.id !== undefined, {
    message: USER_MESSAGES.viewNeedsId,
    path: ['id'],
  });
export type UserGetInput = z.infer<typeof userGetSchema>;

/**
 * `DELETE backend/users/factors/delete`: an admin removes a locked-out user's two-factor sign-in (every
 * factor and recovery code); the user signs in with the password alone and can turn it on again.
 */
export const deleteUserFactorsSchema = z.object({ userId: idSchema });
export const deletedUserFactorsSchema = z.object({ userId: z.uuid(), factorsRemoved: z.number().int() });
export type DeletedUserFactors = z.infer<typeof deletedUserFactorsSchema>;
