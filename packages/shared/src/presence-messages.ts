import { z } from 'zod';

/*
 * The presence messages' schemas (presence.ts has the channel's names and the grouping), apart from them:
 * the app's first file lists who is online but holds no zod (decision 040).
 */

/** One tracked browser tab, with the field names the presence events carry. */
export const presenceRecordSchema = z.object({
  user_id: z.string(),
  user_name: z.string(),
  user_email: z.string(),
  /** A link to the user's picture; null when none is set or it is an uploaded image (shown as initials). */
  user_avatar: z.string().nullable(),
  last_seen: z.string(),
  /** Random per socket: one user's tabs are told apart by it. */
  presence_ref: z.string(),
});
export type PresenceRecord = z.infer<typeof presenceRecordSchema>;

export const presenceLeaveSchema = z.object({ presence_ref: z.string(), user_id: z.string() });
export type PresenceLeave = z.infer<typeof presenceLeaveSchema>;

export const presenceSyncSchema = z.object({ presences: z.array(presenceRecordSchema) });
type PresenceRefusal = { ok: false; message: string };
export type PresenceTrackAnswer = { ok: true } | PresenceRefusal;
export type PresenceSyncAnswer = z.infer<typeof presenceSyncSchema> | PresenceRefusal;
