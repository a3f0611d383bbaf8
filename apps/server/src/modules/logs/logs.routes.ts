import {
  createLogSchema,
  dataResponse,
  deleteLogSchema,
  listResponse,
  locationLogsGetSchema,
  locationLogsResponseSchema,
  logEntrySchema,
  logGetSchema,
  updateLogSchema,
} from '@vaskedrift/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, principalOf } from '../../plugins/authenticate';
import { requirePeopleAdmin } from '../../plugins/authorize';
import type { LogsService } from './logs.service';

const tags = ['logs'];

export async function logsRoutes(app: FastifyInstance, { logs }: { logs: LogsService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/backend/logs/create',
    {
      schema: {
        tags,
        summary:
          'Skriv en loggpost om den innloggede brukeren (f.eks. users/login/auto ved gjenopprettet økt)',
        body: createLogSchema,
        response: { 200: dataResponse(z.object({ ok: z.literal(true) })) },
      },
    },
    async (request) => {
      await logs.createOwn(callerOf(request), request.body);
      return { data: { ok: true as const } };
    },
  );

  api.post(
    '/backend/logs/get',
    {
      preValidation: requirePeopleAdmin,
      schema: {
        tags,
        summary: 'Én loggpost ({id}) eller en side av loggen, nyeste først (administrator)',
        body: logGetSchema,
        response: { 200: z.union([dataResponse(logEntrySchema), listResponse(logEntrySchema)]) },
      },
    },
    (request) => logs.get(request.body),
  );

  api.post(
    '/backend/locations/logs/get',
    {
      schema: {
        tags,
        summary:
          'En side av anleggets logg: endringer (hvem, hva, når) og feilede sjekker for anlegget og vaskehallene, nyeste først',
        body: locationLogsGetSchema,
        response: { 200: locationLogsResponseSchema },
      },
    },
    (request) => logs.locationLogs(principalOf(request), request.body),
  );

  api.patch(
    '/backend/logs/update',
    {
      preValidation: requirePeopleAdmin,
      schema: {
        tags,
        summary: 'Endre extraData på en loggpost, f.eks. en merknad (administrator; endringen logges)',
        body: updateLogSchema,
        response: { 200: dataResponse(logEntrySchema) },
      },
    },
    async (request) => ({ data: await logs.update(callerOf(request), request.body) }),
  );

  api.delete(
    '/backend/logs/delete',
    {
      preValidation: requirePeopleAdmin,
      schema: {
        tags,
        summary: 'Slett en loggpost (administrator; slettingen logges med hvem som gjorde det)',
        body: deleteLogSchema,
        response: { 200: dataResponse(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => ({ data: await logs.remove(callerOf(request), request.body.id) }),
  );
}
