import {
  CAMERA_MESSAGES,
  cameraSchema,
  createCameraSchema,
  dataResponse,
  deleteSchema,
  getCamerasResponseSchema,
  getCamerasSchema,
  idSchema,
  updateCameraSchema,
} from '@vaskedrift/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { callerOf } from '../../plugins/authenticate';
import { requireLocationAdmin } from '../../plugins/authorize';
import type { Snapshot, SnapshotProxy } from './camera-snapshot';
import type { CamerasService } from './cameras.service';

const tags = ['cameras'];

export async function camerasRoutes(
  app: FastifyInstance,
  { cameras, snapshots }: { cameras: CamerasService; snapshots: SnapshotProxy },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/backend/locations/cameras/get',
    {
      schema: {
        tags,
        summary: 'Ett kamera ({id}) eller en side med kameraer, hvert med en signert bilde-URL',
        body: getCamerasSchema,
        response: { 200: getCamerasResponseSchema },
      },
    },
    async (request) => cameras.get(callerOf(request), request.body),
  );

  api.post(
    '/backend/locations/cameras/create',
    {
      preValidation: requireLocationAdmin,
      schema: {
        tags,
        summary: 'Legg til et kamera på et anlegg (administrator)',
        body: createCameraSchema,
        response: { 200: dataResponse(cameraSchema) },
      },
    },
    async (request) => ({ data: await cameras.create(callerOf(request), request.body) }),
  );

  api.patch(
    '/backend/locations/cameras/update',
    {
      preValidation: requireLocationAdmin,
      schema: {
        tags,
        summary: 'Endre et kamera (administrator)',
        body: updateCameraSchema,
        response: { 200: dataResponse(cameraSchema) },
      },
    },
    async (request) => ({ data: await cameras.update(callerOf(request), request.body) }),
  );

  api.delete(
    '/backend/locations/cameras/delete',
    {
      preValidation: requireLocationAdmin,
      schema: {
        tags,
        summary: 'Slett et kamera (administrator)',
        body: deleteSchema,
        response: { 200: dataResponse(z.object({ id: z.uuid() })) },
      },
    },
    async (request) => ({ data: await cameras.remove(callerOf(request), request.body.id) }),
  );

  // Loaded by an <img> every 10 s, which cannot send a bearer token: the signed `token` from the
  // camera list stands in for it (docs/decisions/006-images.md).
  api.get(
    '/cameras/:id/snapshot',
    {
      config: { public: true, rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Stillbildet fra kameraet, hentet av serveren gjennom utgående-vernet',
        params: z.object({ id: idSchema }),
        querystring: z.object({ token: z.string({ error: CAMERA_MESSAGES.snapshotLinkInvalid }).max(300) }),
      },
    },
    async (request, reply) => {
      let snapshot: Snapshot;
      try {
        snapshot = await snapshots.snapshot(request.params.id, request.query.token);
      } catch (err) {
        // A camera that is down fails every 10 s for everyone watching: a warning, not an error log.
        if (!(err instanceof AppError) || err.statusCode !== 502) throw err;
        request.log.warn({ cameraId: request.params.id, code: err.code }, err.message);
        return reply.code(502).send({ message: err.message, details: null, hint: null, code: err.code });
      }
      const { contentType, body } = snapshot;
      return reply
        .header('content-type', contentType)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(body);
    },
  );
}
