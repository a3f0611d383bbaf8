import { z } from 'zod';
import { listRequest } from './api';
import { jsonBounds } from './json';
import { LOG_TYPES } from './log-types';

/**
 * What a browser may write to the audit log itself. Everything else is written by the server,
 * so an entry claiming an admin change cannot be forged from the client.
 */
const CLIENT_LOG_TYPES = [LOG_TYPES.session.loginAuto] as const;

/** What a browser may attach to its own entry: a few facts, not a store (any role may write it). */
const MAX_CLIENT_LOG_EXTRA_DATA_LENGTH = 8 * 1024;
/** An admin's edit of an entry keeps what the server wrote there and adds a note. */
const MAX_LOG_EXTRA_DATA_LENGTH = 64 * 1024;

const extraDataSchema = (maxLength: number) =>
  z.record(z.string(), z.unknown()).check(jsonBounds({ label: 'Tilleggsdataene', maxLength }));

export const createLogSchema = z.object({
  type: z.enum(CLIENT_LOG_TYPES, { error: 'Ukjent loggtype' }),
  extraData: extraDataSchema(MAX_CLIENT_LOG_EXTRA_DATA_LENGTH).optional(),
});
export type CreateLogInput = z.infer<typeof createLogSchema>;

/** Who wrote a log entry, as the log page shows it; null once that user is deleted. */
export const logUserSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});

export const logEntrySchema = z.object({
  id: z.number().int(),
  type: z.string(),
  resourceType: z.string().nullable(),
  resourceId: z.string().nullable(),
  extraData: z.record(z.string(), z.unknown()).nullable(),
  userId: z.uuid().nullable(),
  user: logUserSchema.nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

const logIdSchema = z.number({ error: 'Ugyldig id' }).int('Ugyldig id').positive('Ugyldig id');

const logFiltersSchema = z.object({
  type: z.string().trim().max(100).optional(),
  resourceType: z.string().trim().max(100).optional(),
  resourceId: z.string().trim().max(100).optional(),
  userId: z.uuid({ error: 'Ugyldig id' }).optional(),
});

/** `POST backend/logs/get`: `{id}` for one entry, otherwise a page, newest first (`search` in the type). */
export const logGetSchema = listRequest(logFiltersSchema).extend({ id: logIdSchema.optional() });
export type LogGetInput = z.infer<typeof logGetSchema>;

/** `PATCH backend/logs/update`: only `extraData` can change (e.g. to add a note); the rest is history. */
export const updateLogSchema = z.object({
  id: logIdSchema,
  extraData: extraDataSchema(MAX_LOG_EXTRA_DATA_LENGTH),
});

/** `DELETE backend/logs/delete`: the deletion itself is logged, with who did it. */
export const deleteLogSchema = z.object({ id: logIdSchema });
