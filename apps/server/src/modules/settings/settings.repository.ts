import type { SystemSettings } from '@vaskedrift/shared';
import type { Db } from '../../db/client';
import { systemSettings } from '../../db/schema';

export type StoredSettings = typeof systemSettings.$inferSelect;

/** The one row, or undefined while nothing was ever saved. */
export async function findStoredSettings(db: Db): Promise<StoredSettings | undefined> {
  const [row] = await db.select().from(systemSettings).limit(1);
  return row;
}

/** Saves the given settings (the others keep their stored value or stay unset). */
export async function saveSettings(
  db: Db,
  changes: Partial<SystemSettings>,
  userId: string,
): Promise<StoredSettings> {
  const values = { ...changes, updatedAt: new Date(), updatedBy: userId };
  const [row] = await db
    .insert(systemSettings)
    .values({ id: true, ...values })
    .onConflictDoUpdate({ target: systemSettings.id, set: values })
    .returning();
  if (!row) throw new Error('system_settings: upsert answered no row');
  return row;
}
