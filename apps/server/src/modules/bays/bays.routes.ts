import {
  baySchema,
  createBaySchema,
  dataResponse,
  deleteSchema,
  getBaysResponseSchema,
  getBaysSchema,
  updateBaySchema,
} from '@vaskedrift/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/authenticate';
import { requireLocationAdmin } from '../../plugins/authorize';
import type { BaysService } from './bays.service';

const tags = ['bays'];

export async function baysRoutes(app: FastifyInstance, { bays }: { bays: BaysService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/backend/bays/get',
    {
      schema: {
        tags,
        summary: 'Én vaskehall ({id}) eller en side med vaskehaller (filter: anlegg og status)',
        body: getBaysSchema,
        response: { 200: getBaysResponseSchema },
      },
    },
    async (request) => bays.get(callerOf(request), request.body),
  );

  api.post(
    '/backend/bays/create',
    {
      preValidation: requireLocationAdmin,
      schema: {
        tags,
        summary: 'Opprett en vaskehall (administrator); første statusperiode lagres',
        body: createBaySchema,
        response: { 200: dataResponse(baySchema) },
      },
    },
    async (request) => ({ data: await bays.create(callerOf(request), request.body) }),
  );

  api.patch(
    '/backend/bays/update',
    {
      preValidation: requireLocationAdmin,
      schema: {
        tags,
        summary: 'Endre en vaskehall (administrator); en statusendring lagres som statusperiode',
        body: updateBaySchema,
        response: { 200: dataResponse(baySchema) },
      },
    },
    async (request) => ({ data: await bays.update(callerOf(request), request.body) }),
  );

  api.delete(
    '/backend/bays/delete',
    {
      preValidation: requireLocationAdmin,
      schema: {
        tags,
        summary: 'Slett en vaskehall (mykt: historikken beholdes)',
        body: deleteSchema,
        response: { 200: dataResponse(z.object({ id: z.uuid() })) },
      },
    },
    async (request) => ({ data: await bays.remove(callerOf(request), request.body.id) }),
  );
}
