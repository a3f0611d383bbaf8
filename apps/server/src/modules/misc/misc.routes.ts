import { dataResponse, fallbackSchema } from '@vaskedrift/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';

type Options = { db: Db; version: string; databaseKind: 'embedded' | 'external' };

export async function miscRoutes(app: FastifyInstance, { db, version, databaseKind }: Options) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/misc/fallback',
    {
      config: { public: true },
      schema: {
        tags: ['misc'],
        summary: 'Tjenestestatus: versjon og database (også helsesjekk for lastbalansereren)',
        response: { 200: dataResponse(fallbackSchema) },
      },
    },
    async () => {
      try {
        await db.execute(sql`select 1`);
      } catch {
        throw new AppError(503, 'misc/database-unavailable', 'Databasen svarer ikke');
      }
      return { data: { status: 'ok' as const, version, database: databaseKind } };
    },
  );
}
