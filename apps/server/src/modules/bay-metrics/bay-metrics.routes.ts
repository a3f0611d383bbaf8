import {
  bayMetricSchema,
  createBayMetricSchema,
  dataResponse,
  deleteSchema,
  getBayMetricsResponseSchema,
  getBayMetricsSchema,
  getReadingsResponseSchema,
  getReadingsSchema,
  updateBayMetricSchema,
} from '@vaskedrift/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/authenticate';
import { requireLocationAdmin } from '../../plugins/authorize';
import type { BayMetricsService } from './bay-metrics.service';
import type { ReadingsService } from './readings.service';

const tags = ['bay-metrics'];

export async function bayMetricsRoutes(
  app: FastifyInstance,
  { bayMetrics, readings }: { bayMetrics: BayMetricsService; readings: ReadingsService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/backend/bays/metrics/get',
    {
      schema: {
        tags,
        summary:
          'Ett vaskehall-attributt ({id}) eller en side med dem, med API-navn, siste verdi, nivå og tidspunkt; for alle med tilgang til anlegget',
        body: getBayMetricsSchema,
        response: { 200: getBayMetricsResponseSchema },
      },
    },
    async (request) => bayMetrics.get(callerOf(request), request.body),
  );

  api.post(
    '/backend/bays/metrics/create',
    {
      preValidation: requireLocationAdmin,
      schema: {
        tags,
        summary:
          'Knytt en vaskehall til et API-attributt med nøkkelverdi, sti, type, operator og fire terskler',
        body: createBayMetricSchema,
        response: { 200: dataResponse(bayMetricSchema) },
      },
    },
    async (request) => ({ data: await bayMetrics.create(callerOf(request), request.body) }),
  );

  api.patch(
    '/backend/bays/metrics/update',
    {
      preValidation: requireLocationAdmin,
      schema: {
        tags,
        summary: 'Endre et vaskehall-attributt (administrator)',
        body: updateBayMetricSchema,
        response: { 200: dataResponse(bayMetricSchema) },
      },
    },
    async (request) => ({ data: await bayMetrics.update(callerOf(request), request.body) }),
  );

  api.delete(
    '/backend/bays/metrics/delete',
    {
      preValidation: requireLocationAdmin,
      schema: {
        tags,
        summary: 'Slett et vaskehall-attributt med målingene; åpne varsler løses',
        body: deleteSchema,
        response: { 200: dataResponse(z.object({ id: z.uuid() })) },
      },
    },
    async (request) => ({ data: await bayMetrics.remove(callerOf(request), request.body.id) }),
  );

  api.post(
    '/backend/bays/metrics/readings/get',
    {
      schema: {
        tags,
        summary:
          'Målingene til et vaskehall-attributt i et tidsrom, nedsamplet til høyst 1000 punkter (rå, per minutt eller per time)',
        body: getReadingsSchema,
        response: { 200: getReadingsResponseSchema },
      },
    },
    async (request) => readings.get(callerOf(request), request.body),
  );
}
