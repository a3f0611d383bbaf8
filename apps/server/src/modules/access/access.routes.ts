import {
  dataResponse,
  userAccessChangeSchema,
  userAccessGetSchema,
  userAccessGrantSchema,
  userAccessSchema,
} from '@vaskedrift/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/authenticate';
import { requirePeopleAdmin } from '../../plugins/authorize';
import type { AccessService } from './access.service';

const tags = ['users'];

/** `backend/users/access/*`: admins and superadmins only, checked before the body is looked at. */
export async function accessRoutes(app: FastifyInstance, { access }: { access: AccessService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.addHook('preValidation', requirePeopleAdmin);

  api.post(
    '/backend/users/access/get',
    {
      schema: {
        tags,
        summary: 'Anleggene en bruker har fått tilgang til; isAdmin: brukeren ser alle anlegg',
        body: userAccessGetSchema,
        response: { 200: dataResponse(userAccessSchema) },
      },
    },
    async (request) => ({ data: await access.get(request.body.userId) }),
  );

  api.post(
    '/backend/users/access/create',
    {
      schema: {
        tags,
        summary: 'Gi en tekniker eller bruker tilgang til et anlegg',
        body: userAccessChangeSchema,
        response: { 200: dataResponse(userAccessGrantSchema) },
      },
    },
    async (request) => ({ data: await access.grant(callerOf(request), request.body) }),
  );

  api.delete(
    '/backend/users/access/delete',
    {
      schema: {
        tags,
        summary: 'Fjern en brukers tilgang til et anlegg',
        body: userAccessChangeSchema,
        response: { 200: dataResponse(userAccessChangeSchema) },
      },
    },
    async (request) => ({ data: await access.revoke(callerOf(request), request.body) }),
  );
}
