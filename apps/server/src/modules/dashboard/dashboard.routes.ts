import { dashboardRequestSchema, dashboardWireSchema, dataResponse } from '@vaskedrift/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { callerOf } from '../../plugins/authenticate';
import { getDashboard } from './dashboard.service';

export async function dashboardRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/dashboard/get',
    {
      schema: {
        tags: ['dashboard'],
        summary:
          'Oversikten: antall per status og alle synlige anlegg med vaskehallene i kolonner (id-er, navn, statuskoder, endret s, dempet)',
        // A plain POST without a body means every facility.
        body: dashboardRequestSchema.nullish(),
        response: { 200: dataResponse(dashboardWireSchema) },
      },
    },
    async (request) => {
      // Taken before the read: a change the read misses is journaled after it (decision 020).
      const seq = app.realtime.currentSeq();
      return { data: await getDashboard(db, callerOf(request), seq, request.body?.locationIds) };
    },
  );
}
