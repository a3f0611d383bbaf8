import { dataResponse, fallbackSchema, probeSchema } from '@vaskedrift/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Db, migrationJournal } from '../../db/client';
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
      } catch (err) {
        // The cause goes to the log, once per outage (db/health.ts).
        throw new AppError(503, 'misc/database-unavailable', 'Databasen svarer ikke', null, null, err);
      }
      return { data: { status: 'ok' as const, version, database: databaseKind } };
    },
  );
}

/**
 * Probes for load balancers and service managers, public and cheap: `live` answers while the process
 * runs (restart it when this fails); `ready` also needs the database to answer and to carry every
 * migration this version knows (send it traffic only then).
 */
export async function probeRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const newestMigration = migrationJournal().at(-1)?.when ?? 0;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/misc/live',
    {
      config: { public: true },
      schema: {
        tags: ['misc'],
        summary: 'Liveness: prosessen svarer',
        response: { 200: dataResponse(probeSchema) },
      },
    },
    async () => ({ data: { status: 'live' as const } }),
  );
  typed.get(
    '/misc/ready',
    {
      config: { public: true },
      schema: {
        tags: ['misc'],
        summary: 'Readiness: databasen svarer og er migrert (503 ellers)',
        response: { 200: dataResponse(probeSchema) },
      },
    },
    async () => {
      let applied: number;
      try {
        const result = await db.execute<{ newest: string | null }>(
          sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
        );
        applied = Number(result.rows[0]?.newest ?? 0);
      } catch (err) {
        // The cause goes to the log, once per outage (db/health.ts).
        throw new AppError(503, 'misc/database-unavailable', 'Databasen svarer ikke', null, null, err);
      }
      if (applied < newestMigration) {
        throw new AppError(503, 'misc/not-migrated', 'Databasen er ikke migrert til denne versjonen ennå');
      }
      return { data: { status: 'ready' as const } };
    },
  );
}
