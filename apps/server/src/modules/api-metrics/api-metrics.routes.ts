import {
  apiMetricSchema,
  createApiMetricSchema,
  dataResponse,
  deleteSchema,
  getApiMetricsResponseSchema,
  getApiMetricsSchema,
  updateApiMetricSchema,
} from '@vaskedrift/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/authenticate';
import { requireLocationAdmin } from '../../plugins/authorize';
import type { ApiMetricsService } from './api-metrics.service';

const tags = ['api-metrics'];

/** API attributes: admins and above, reads included (they belong to the API connections). */
export async function apiMetricsRoutes(
  app: FastifyInstance,
  { apiMetrics }: { apiMetrics: ApiMetricsService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('preValidation', requireLocationAdmin);

  api.post(
    '/backend/apis/metrics/get',
    {
      schema: {
        tags,
        summary: 'Ett API-attributt ({id}) eller en side med dem (filter: API, status)',
        body: getApiMetricsSchema,
        response: { 200: getApiMetricsResponseSchema },
      },
    },
    async (request) => apiMetrics.get(request.body),
  );

  api.post(
    '/backend/apis/metrics/create',
    {
      schema: {
        tags,
        summary: 'Opprett et API-attributt (nøkkelidentifikator og målnøkler)',
        body: createApiMetricSchema,
        response: { 200: dataResponse(apiMetricSchema) },
      },
    },
    async (request) => ({ data: await apiMetrics.create(callerOf(request), request.body) }),
  );

  api.patch(
    '/backend/apis/metrics/update',
    {
      schema: {
        tags,
        summary: 'Endre et API-attributt; deaktivert: åpne varsler løses og vaskehallene vurderes på nytt',
        body: updateApiMetricSchema,
        response: { 200: dataResponse(apiMetricSchema) },
      },
    },
    async (request) => ({ data: await apiMetrics.update(callerOf(request), request.body) }),
  );

  api.delete(
    '/backend/apis/metrics/delete',
    {
      schema: {
        tags,
        summary: 'Slett et API-attributt med vaskehall-attributtene og målingene deres',
        body: deleteSchema,
        response: { 200: dataResponse(z.object({ id: z.uuid() })) },
      },
    },
    async (request) => ({ data: await apiMetrics.remove(callerOf(request), request.body.id) }),
  );
}
