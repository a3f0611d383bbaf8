import {
  createLocationSchema,
  dataResponse,
  deleteSchema,
  getLocationsResponseSchema,
  getLocationsSchema,
  locationSchema,
  updateLocationSchema,
} from '@vaskedrift/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/authenticate';
import { requireLocationAdmin } from '../../plugins/authorize';
import type { LocationsService } from './locations.service';

const tags = ['locations'];

export async function locationsRoutes(app: FastifyInstance, { locations }: { locations: LocationsService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/backend/locations/get',
    {
      schema: {
        tags,
        summary: 'Ett anlegg ({id}) eller en side med anlegg, med antall vaskehaller per status',
        body: getLocationsSchema,
        response: { 200: getLocationsResponseSchema },
      },
    },
    async (request) => locations.get(callerOf(request), request.body),
  );

  api.post(
    '/backend/locations/create',
    {
      preValidation: requireLocationAdmin,
      schema: {
        tags,
        summary: 'Opprett et anlegg (administrator)',
        body: createLocationSchema,
        response: { 200: dataResponse(locationSchema) },
      },
    },
    async (request) => ({ data: await locations.create(callerOf(request), request.body) }),
  );

  api.patch(
    '/backend/locations/update',
    {
      preValidation: requireLocationAdmin,
      schema: {
        tags,
        summary: 'Endre et anlegg (administrator)',
        body: updateLocationSchema,
        response: { 200: dataResponse(locationSchema) },
      },
    },
    async (request) => ({ data: await locations.update(callerOf(request), request.body) }),
  );

  api.delete(
    '/backend/locations/delete',
    {
      preValidation: requireLocationAdmin,
      schema: {
        tags,
        summary: 'Slett et anlegg (mykt: skjules overalt med vaskehallene sine; gjenopprettes i databasen)',
        body: deleteSchema,
        response: { 200: dataResponse(z.object({ id: z.uuid() })) },
      },
    },
    async (request) => ({ data: await locations.remove(callerOf(request), request.body.id) }),
  );
}
