import multipart from '@fastify/multipart';
import {
  dataResponse,
  IMAGE_MAX_BYTES,
  IMAGE_MESSAGES,
  idSchema,
  imageUrl,
  LOCATION_MESSAGES,
  uploadedImageSchema,
} from '@vaskedrift/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { AppError, NotFoundError, ValidationError } from '../../lib/errors';
import { sniffImage } from '../../lib/image-format';
import { callerOf } from '../../plugins/authenticate';
import { requireLocationAdmin } from '../../plugins/authorize';
import { findImage, insertImage } from './images.repository';

/** Reads the one uploaded file, refusing a second file and anything over the size cap. */
async function readSingleFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError(415, 'images/not-multipart', IMAGE_MESSAGES.notMultipart);
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: { files: 1, fileSize: IMAGE_MAX_BYTES, fields: 10 } })) {
      if (part.type !== 'file') continue;
      file = await part.toBuffer();
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, 'images/too-large', IMAGE_MESSAGES.tooLarge);
    if (code === 'FST_FILES_LIMIT') throw new ValidationError(IMAGE_MESSAGES.tooMany);
    throw err;
  }
  if (!file || file.length === 0) throw new ValidationError(IMAGE_MESSAGES.missing);
  return file;
}

export async function imagesRoutes(app: FastifyInstance, { db, bus }: { db: Db; bus: EventBus }) {
  await app.register(multipart, { throwFileSizeLimit: true });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/backend/locations/image/upload',
    {
      preValidation: requireLocationAdmin,
      schema: {
        tags: ['locations'],
        summary: 'Last opp et bilde av et anlegg (multipart, én fil: PNG, JPEG eller WebP, maks 5 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: dataResponse(uploadedImageSchema) },
      },
    },
    async (request) => {
      const data = await readSingleFile(request);
      const format = sniffImage(data);
      if (!format) throw new AppError(415, 'images/wrong-type', IMAGE_MESSAGES.wrongType);
      const caller = callerOf(request);
      const { id } = await insertImage(db, format, data, caller.userId);
      bus.publish('image.uploaded', {
        userId: caller.userId,
        ip: caller.ip,
        imageId: id,
        ...format,
        byteSize: data.length,
      });
      return { data: { id, url: imageUrl(id), byteSize: data.length, ...format } };
    },
  );

  // Public by its random id: an <img> cannot send a bearer token (docs/decisions/006-images.md).
  api.get(
    '/images/:id',
    {
      config: { public: true },
      schema: {
        tags: ['locations'],
        summary: 'Et opplastet bilde, slik det ble lagret (offentlig via sin tilfeldige id)',
        params: z.object({ id: idSchema }),
      },
    },
    async (request, reply) => {
      const image = await findImage(db, request.params.id);
      if (!image) throw new NotFoundError(LOCATION_MESSAGES.imageNotFound);
      return reply
        .header('content-type', image.contentType)
        .header('content-length', image.byteSize)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(image.data);
    },
  );
}
