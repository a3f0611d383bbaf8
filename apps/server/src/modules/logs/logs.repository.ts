import type { Db } from '../../db/client';
import { logs } from '../../db/schema';

export type NewLog = typeof logs.$inferInsert;

export async function insertLog(db: Db, entry: NewLog): Promise<void> {
  await db.insert(logs).values(entry);
}
