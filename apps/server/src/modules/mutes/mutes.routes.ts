import {
  canMute,
  createMuteSchema,
  endMuteResponseSchema,
  endMuteSchema,
  muteGetSchema,
  muteListResponseSchema,
  muteResponseSchema,
} from '@vaskedrift/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ForbiddenError } from '../../lib/errors';
import { callerOf } from '../../plugins/authenticate';
import type { MutesService } from './mutes.service';

const tags = ['mutes'];

/** Checked before the body: the lowest role reads mutes but never changes them (403). */
async function requireMuter(request: FastifyRequest) {
  if (!canMute(callerOf(request).role)) throw new ForbiddenError();
}

export async function mutesRoutes(app: FastifyInstance, { mutes }: { mutes: MutesService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/backend/mutes/create',
    {
      preValidation: requireMuter,
      schema: {
        tags,
        summary: 'Demp varsler for en vaskehall eller et anlegg i et antall timer (tekniker og opp)',
        body: createMuteSchema,
        response: { 200: muteResponseSchema },
      },
    },
    async (request) => mutes.create(callerOf(request), request.body),
  );

  api.post(
    '/backend/mutes/end',
    {
      preValidation: requireMuter,
      schema: {
        tags,
        summary: 'Avslutt dempingen av en vaskehall eller et anlegg nå (tekniker og opp)',
        body: endMuteSchema,
        response: { 200: endMuteResponseSchema },
      },
    },
    async (request) => mutes.end(callerOf(request), request.body),
  );

  api.post(
    '/backend/mutes/get',
    {
      schema: {
        tags,
        summary: 'Pågående demping av et anlegg (med vaskehallene) eller av en vaskehall',
        body: muteGetSchema,
        response: { 200: muteListResponseSchema },
      },
    },
    async (request) => mutes.get(callerOf(request), request.body),
  );
}
