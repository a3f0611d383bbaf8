import { createLogSchema, dataResponse } from '@vaskedrift/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { principalOf } from '../../plugins/authenticate';
import { insertLog } from './logs.repository';

export async function logsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/backend/logs/create',
    {
      schema: {
        tags: ['logs'],
        summary:
          'Skriv en loggpost om den innloggede brukeren (f.eks. users/login/auto ved gjenopprettet økt)',
        body: createLogSchema,
        response: { 200: dataResponse(z.object({ ok: z.literal(true) })) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      await insertLog(db, {
        type: request.body.type,
        resourceType: 'users',
        resourceId: principal.userId,
        userId: principal.userId,
        ip: request.ip,
        extraData: { ...request.body.extraData, sessionId: principal.sessionId },
      });
      return { data: { ok: true as const } };
    },
  );
}
