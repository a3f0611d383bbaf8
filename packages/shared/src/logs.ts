import { z } from 'zod';
import { LOG_TYPES } from './auth';

/**
 * What a browser may write to the audit log itself. Everything else is written by the server,
 * so an entry claiming an admin change cannot be forged from the client.
 */
export const CLIENT_LOG_TYPES = [LOG_TYPES.loginAuto] as const;

export const createLogSchema = z.object({
  type: z.enum(CLIENT_LOG_TYPES, { error: 'Ukjent loggtype' }),
  extraData: z.record(z.string(), z.unknown()).optional(),
});
export type CreateLogInput = z.infer<typeof createLogSchema>;

export const logEntrySchema = z.object({
  id: z.number().int(),
  type: z.string(),
  resourceType: z.string().nullable(),
  resourceId: z.string().nullable(),
  extraData: z.record(z.string(), z.unknown()).nullable(),
  userId: z.uuid().nullable(),
  createdAt: z.string(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;
