import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { images, locations } from '../../db/schema';
import type { ImageFormat } from '../../lib/image-format';

export async function insertImage(db: Db, format: ImageFormat, data: Buffer, createdBy: string) {
  const [row] = await db
    .insert(images)
    .values({ ...format, data, byteSize: data.length, createdBy })
    .returning({ id: images.id });
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findImage(db: Db, id: string) {
  const [row] = await db
    .select({ contentType: images.contentType, data: images.data, byteSize: images.byteSize })
    .from(images)
    .where(eq(images.id, id))
    .limit(1);
  return row;
}

/**
 * Deletes up to `limit` images older than `olderThanHours` that no facility uses, soft-deleted ones
 * included (restoring a facility brings its picture back). SKIP LOCKED passes over an image a facility
 * is being given right now: its foreign-key check holds a lock on the row, and waiting for it would
 * delete the picture that facility was just given (`on delete set null`).
 */
export async function deleteUnattachedImages(db: Db, olderThanHours: number, limit: number): Promise<number> {
  const result = await db.execute(sql`
    delete from ${images} where ${images.id} in (
      select i.id from ${images} i
      where i.created_at < now() - make_interval(hours => ${olderThanHours})
        and not exists (select 1 from ${locations} l where l.image_id = i.id)
      limit ${limit}
      for update skip locked
    )`);
  return result.rowCount ?? 0;
}
