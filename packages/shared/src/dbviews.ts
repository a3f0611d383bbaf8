import { z } from 'zod';
import { idSchema } from './api';

/**
 * The database views a client may read by name (`POST dbviews/get`; docs/decisions/025-system-settings.md).
 * A whitelist: the name picks a reader on the server, never SQL.
 */
const DB_VIEWS = ['v_users_data'] as const;
export type DbView = (typeof DB_VIEWS)[number];

const DBVIEW_MESSAGES = { unknownView: 'Ukjent databasevisning' } as const;

export const dbViewGetSchema = z.object({
  view: z.enum(DB_VIEWS, { error: DBVIEW_MESSAGES.unknownView }),
  id: idSchema,
});
