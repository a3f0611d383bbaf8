import {
  createLinkSchema,
  dataResponse,
  deleteSchema,
  getLinksResponseSchema,
  getLinksSchema,
  linkSchema,
  reorderLinksResponseSchema,
  reorderLinksSchema,
  updateLinkSchema,
} from '@vaskedrift/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/authenticate';
import { requireLocationAdmin } from '../../plugins/authorize';
import type { LinksService } from './links.service';

const tags = ['links'];

export async function linksRoutes(app: FastifyInstance, { links }: { links: LinksService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/backend/bays/links/get',
    {
      schema: {
        tags,
        summary: 'Én lenke ({id}) eller alle lenkene til en vaskehall i rekkefølge ({filters: {bayId}})',
        body: getLinksSchema,
        response: { 200: getLinksResponseSchema },
      },
    },
    async (request) => links.get(callerOf(request), request.body),
  );

  api.post(
    '/backend/bays/links/create',
    {
      preValidation: requireLocationAdmin,
      schema: {
        tags,
        summary: 'Legg til en lenke på en vaskehall (administrator); havner sist uten sortOrder',
        body: createLinkSchema,
        response: { 200: dataResponse(linkSchema) },
      },
    },
    async (request) => ({ data: await links.create(callerOf(request), request.body) }),
  );

  api.patch(
    '/backend/bays/links/update',
    {
      preValidation: requireLocationAdmin,
      schema: {
        tags,
        summary: 'Endre en lenke (administrator)',
        body: updateLinkSchema,
        response: { 200: dataResponse(linkSchema) },
      },
    },
    async (request) => ({ data: await links.update(callerOf(request), request.body) }),
  );

  api.delete(
    '/backend/bays/links/delete',
    {
      preValidation: requireLocationAdmin,
      schema: {
        tags,
        summary: 'Slett en lenke (administrator)',
        body: deleteSchema,
        response: { 200: dataResponse(z.object({ id: z.uuid() })) },
      },
    },
    async (request) => ({ data: await links.remove(callerOf(request), request.body.id) }),
  );

  api.patch(
    '/backend/bays/links/reorder',
    {
      preValidation: requireLocationAdmin,
      schema: {
        tags,
        summary: 'Ny rekkefølge for alle lenkene til en vaskehall (hele listen med id-er, administrator)',
        body: reorderLinksSchema,
        response: { 200: reorderLinksResponseSchema },
      },
    },
    async (request) => links.reorder(callerOf(request), request.body),
  );
}
