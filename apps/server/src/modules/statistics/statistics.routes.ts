import { PassThrough, type Readable } from 'node:stream';
import {
  apiStatsResponseSchema,
  apiStatsSchema,
  availabilityReportResponseSchema,
  availabilityReportSchema,
  bayStatsResponseSchema,
  bayStatsSchema,
  locationStatsResponseSchema,
  locationStatsSchema,
  maintenanceStatsResponseSchema,
  maintenanceStatsSchema,
} from '@vaskedrift/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/authenticate';
import { compressEachWrite } from '../../plugins/compression';
import type { StatisticsService } from './statistics.service';

const tags = ['statistics'];

/**
 * A body written as it is produced: `produce` gets a `write` that waits while the receiver is behind and
 * throws once it has gone (which ends the producer's read); a producer's error cuts the body short.
 */
function streamed(produce: (write: (text: string) => Promise<void>) => Promise<void>): Readable {
  const body = new PassThrough();
  const write = async (text: string) => {
    if (body.destroyed) throw new Error('Mottakeren er borte');
    if (body.write(text)) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        body.off('drain', done);
        body.off('close', done);
        resolve();
      };
      body.on('drain', done);
      body.on('close', done);
    });
  };
  produce(write).then(
    () => body.end(),
    (err: unknown) => body.destroy(err instanceof Error ? err : new Error(String(err))),
  );
  return body;
}

/** Reads for every role, each limited to the facilities the caller sees (404 for any other). */
export async function statisticsRoutes(
  app: FastifyInstance,
  { statistics }: { statistics: StatisticsService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/backend/bays/stats/get',
    {
      schema: {
        tags,
        summary:
          'Statistikk for en vaskehall: tidslinje, tilgjengelighet per dag/uke/måned, nedetid, MTTR, MTBF, varsler og vedlikehold',
        body: bayStatsSchema,
        response: { 200: bayStatsResponseSchema },
      },
    },
    async (request) => statistics.bay(callerOf(request), request.body),
  );

  api.post(
    '/backend/locations/stats/get',
    {
      schema: {
        tags,
        summary:
          'Statistikk for et anlegg: tilgjengelighet per vaskehall (dårligst først), tidslinje, varsler og vedlikehold',
        body: locationStatsSchema,
        response: { 200: locationStatsResponseSchema },
      },
    },
    async (request) => statistics.location(callerOf(request), request.body),
  );

  api.post(
    '/backend/apis/stats/get',
    {
      schema: {
        tags,
        summary:
          'Sjekker per time for en API-tilkobling: antall, feil, suksessrate, svartid p50/p95 og feil per årsak',
        body: apiStatsSchema,
        response: { 200: apiStatsResponseSchema },
      },
    },
    async (request) => statistics.api(callerOf(request), request.body),
  );

  api.post(
    '/backend/reports/availability/get',
    {
      schema: {
        tags,
        summary: 'Tilgjengelighetsrapport: hver vaskehall i de valgte anleggene (tom liste: alle) og totalen',
        body: availabilityReportSchema,
        response: { 200: availabilityReportResponseSchema },
      },
    },
    async (request) => statistics.report(callerOf(request), request.body),
  );

  api.post(
    '/backend/reports/availability/export',
    {
      schema: {
        tags,
        summary: 'Tilgjengelighetsrapporten som CSV for Excel (UTF-8 med BOM, semikolon, desimalkomma)',
        body: availabilityReportSchema,
        produces: ['text/csv'],
      },
      compress: compressEachWrite,
    },
    async (request, reply) => {
      const csv = await statistics.reportCsv(callerOf(request), request.body);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csv.filename}"`)
        .send(streamed(csv.writeTo));
    },
  );

  api.post(
    '/backend/bays/maintenance/stats',
    {
      schema: {
        tags: ['maintenance'],
        summary: 'Nedetid, antall vedlikehold, MTTR og MTBF for en vaskehall eller et anlegg i en periode',
        body: maintenanceStatsSchema,
        response: { 200: maintenanceStatsResponseSchema },
      },
    },
    async (request) => statistics.maintenanceStats(callerOf(request), request.body),
  );
}
