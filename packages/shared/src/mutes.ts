import { z } from 'zod';
import { dataResponse, idSchema } from './api';
import { timestampSchema } from './fields';
import { ROLE_LEVELS, type Role, roleLevel } from './roles';

/**
 * 'Demp varsler' (docs/domain.md, Notifications): a bay or a whole facility muted for some hours. Alerts
 * are still recorded and shown; their notifications are not sent. A mute ends by itself at `until`.
 */
export const MAX_MUTE_HOURS = 24 * 7;

export const MUTE_MESSAGES = {
  hoursInvalid: `Velg mellom 1 og ${MAX_MUTE_HOURS} timer`,
  scopeRequired: 'Oppgi vaskehall eller anlegg',
  reasonTooLong: 'Begrunnelsen kan ikke være lenger enn 500 tegn',
  muted: 'Varsler er dempet',
  unmuted: 'Varsler er ikke lenger dempet',
  notMuted: 'Varsler er ikke dempet',
} as const;

/** Operators and up mute and unmute bays and facilities they may see; `user` only reads. */
export function canMute(role: Role): boolean {
  return roleLevel(role) >= ROLE_LEVELS.operator;
}

const scopeFields = { bayId: idSchema.optional(), locationId: idSchema.optional() };
function checkScope(value: { bayId?: string; locationId?: string }, ctx: z.RefinementCtx) {
  if ((value.bayId === undefined) === (value.locationId === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['bayId'], message: MUTE_MESSAGES.scopeRequired });
  }
}

/** `POST backend/mutes/create`: mute a bay (`bayId`) or a facility (`locationId`) for `hours`. */
export const createMuteSchema = z
  .object({
    ...scopeFields,
    hours: z
      .number({ error: MUTE_MESSAGES.hoursInvalid })
      .int(MUTE_MESSAGES.hoursInvalid)
      .min(1, MUTE_MESSAGES.hoursInvalid)
      .max(MAX_MUTE_HOURS, MUTE_MESSAGES.hoursInvalid),
    reason: z.string().trim().max(500, MUTE_MESSAGES.reasonTooLong).default(''),
  })
  .superRefine(checkScope);
export type CreateMuteInput = z.infer<typeof createMuteSchema>;

/** `POST backend/mutes/end`: ends the running mute of a bay or a facility now. */
export const endMuteSchema = z.object(scopeFields).superRefine(checkScope);

/**
 * `POST backend/mutes/get`: the running mutes of a facility (its own and its bays'), or of one bay (its own
 * and its facility's, which mutes it too).
 */
export const muteGetSchema = z.object(scopeFields).superRefine(checkScope);

const muteSchema = z.object({
  id: idSchema,
  locationId: idSchema,
  /** null: the whole facility. */
  bayId: idSchema.nullable(),
  until: timestampSchema,
  reason: z.string(),
  createdBy: z.object({ id: idSchema, name: z.string() }).nullable(),
  createdAt: timestampSchema,
});
export type Mute = z.infer<typeof muteSchema>;
export const muteResponseSchema = z.object({ data: muteSchema, message: z.string() });
export const endMuteResponseSchema = z.object({ message: z.string() });
export const muteListResponseSchema = dataResponse(z.array(muteSchema));
