import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { images } from '../../db/schema';
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
