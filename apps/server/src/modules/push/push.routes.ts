import { API_MESSAGES, dataResponse, MAX_RESPONSE_BYTES } from '@vaskedrift/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { ApiSecrets } from '../../lib/api-secrets';
import { AppError, ConflictError, NotFoundError } from '../../lib/errors';
import { findApiByPushHash } from '../apis';
import type { Engine } from '../engine';

const pushResultSchema = z.object({
  records: z.number().int().nullable(),
  attributes: z.number().int(),
});

/** Pushes per token and minute: a controller pushing faster than it could be polled is misconfigured. */
const PUSHES_PER_MINUTE = 60;

/**
 * `POST /api/v1/push/{token}`: a controller sends its values instead of waiting to be polled. The token in
 * the path is the credential (stored hashed; shown to admins as the API's `pushPath`). The body, of any
 * content type, at most 5 MB, is processed exactly like a polled response: parsed as JSON, evaluated,
 * logged, and counted towards the failure threshold when it is not valid JSON.
 */
export async function pushRoutes(
  app: FastifyInstance,
  { db, engine, secrets }: { db: Db; engine: Engine; secrets: ApiSecrets },
) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_RESPONSE_BYTES }, (_req, body, done) =>
    done(null, body),
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    '/push/:token',
    {
      bodyLimit: MAX_RESPONSE_BYTES,
      config: {
        public: true,
        rateLimit: {
          max: PUSHES_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: (req) => `push:${(req.params as { token?: string }).token ?? ''}`,
        },
      },
      schema: {
        tags: ['push'],
        summary: 'Send verdier til en API-tilkobling (hemmelig adresse); behandles som et svar på en sjekk',
        params: z.object({ token: z.string().min(16).max(128) }),
        response: { 200: dataResponse(pushResultSchema) },
      },
    },
    async (request) => {
      const api = await findApiByPushHash(db, secrets.hashPushToken(request.params.token));
      if (!api) throw new NotFoundError('Ukjent push-adresse');
      if (api.status !== 'enabled') throw new ConflictError(API_MESSAGES.disabled);
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const { outcome, processed } = await engine.processPush(api, body);
      if (!outcome.ok) throw new AppError(400, outcome.code, outcome.error);
      return { data: { records: processed.records, attributes: processed.attributes } };
    },
  );
}
