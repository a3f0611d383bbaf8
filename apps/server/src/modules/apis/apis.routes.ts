import {
  apiCheckRequestSchema,
  apiCheckResultSchema,
  apiSchema,
  createApiSchema,
  dataResponse,
  deleteSchema,
  getApiLogsResponseSchema,
  getApiLogsSchema,
  getApisResponseSchema,
  getApisSchema,
  updateApiResponseSchema,
  updateApiSchema,
} from '@vaskedrift/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/authenticate';
import { requireLocationAdmin } from '../../plugins/authorize';
import type { ApisService } from './apis.service';

const tags = ['apis'];

/** API connections are for admins and above, reads included: they hold the controllers' addresses. */
export async function apisRoutes(app: FastifyInstance, { apis }: { apis: ApisService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('preValidation', requireLocationAdmin);

  api.post(
    '/backend/apis/get',
    {
      schema: {
        tags,
        summary: 'Én API-tilkobling ({id}) eller en side med dem (filter: status, autentisering, feilende)',
        body: getApisSchema,
        response: { 200: getApisResponseSchema },
      },
    },
    async (request) => apis.get(request.body),
  );

  api.post(
    '/backend/apis/create',
    {
      schema: {
        tags,
        summary: 'Opprett en API-tilkobling; hemmeligheter lagres kryptert og returneres aldri',
        body: createApiSchema,
        response: { 200: dataResponse(apiSchema) },
      },
    },
    async (request) => ({ data: await apis.create(callerOf(request), request.body) }),
  );

  api.patch(
    '/backend/apis/update',
    {
      schema: {
        tags,
        summary:
          "Endre en API-tilkobling. Utelatt hemmelighet beholdes, '' fjerner den. Ny status svarer ':apiEndpoint er :status'",
        body: updateApiSchema,
        response: { 200: updateApiResponseSchema },
      },
    },
    async (request) => apis.update(callerOf(request), request.body),
  );

  api.delete(
    '/backend/apis/delete',
    {
      schema: {
        tags,
        summary: 'Slett en API-tilkobling (mykt): sjekkene stopper, åpne varsler løses',
        body: deleteSchema,
        response: { 200: dataResponse(z.object({ id: z.uuid() })) },
      },
    },
    async (request) => ({ data: await apis.remove(callerOf(request), request.body.id) }),
  );

  api.post(
    '/backend/apis/check',
    {
      schema: {
        tags,
        summary:
          'Test tilkobling: kjør en sjekk nå og se svaret (status, tid, størrelse, poster, nøkler); lagrer ingenting',
        body: apiCheckRequestSchema,
        response: { 200: dataResponse(apiCheckResultSchema) },
      },
    },
    async (request) => ({ data: await apis.check(request.body) }),
  );

  api.post(
    '/backend/apis/logs/get',
    {
      schema: {
        tags,
        summary: 'Sjekkloggen til en API-tilkobling, nyeste først: alle feil og et utvalg av vellykkede',
        body: getApiLogsSchema,
        response: { 200: getApiLogsResponseSchema },
      },
    },
    async (request) => apis.logs(request.body),
  );
}
