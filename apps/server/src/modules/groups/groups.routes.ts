import {
  createGroupSchema,
  dataResponse,
  deleteSchema,
  groupDetailSchema,
  groupGetSchema,
  groupSchema,
  listResponse,
  updateGroupSchema,
} from '@vaskedrift/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/authenticate';
import { requirePeopleAdmin } from '../../plugins/authorize';
import type { GroupsService } from './groups.service';

const tags = ['groups'];

/** Every group route is for admins and superadmins; others get 403 before their body is looked at. */
export async function groupsRoutes(app: FastifyInstance, { groups }: { groups: GroupsService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.addHook('preValidation', requirePeopleAdmin);

  api.post(
    '/backend/groups/get',
    {
      schema: {
        tags,
        summary: 'Én gruppe med medlemmer ({id}) eller en side med grupper og antall medlemmer',
        body: groupGetSchema,
        response: { 200: z.union([dataResponse(groupDetailSchema), listResponse(groupSchema)]) },
      },
    },
    (request) => groups.get(request.body),
  );

  api.post(
    '/backend/groups/create',
    {
      schema: {
        tags,
        summary: 'Opprett en gruppe (navn, beskrivelse, farge, medlemmer)',
        body: createGroupSchema,
        response: { 200: dataResponse(groupDetailSchema) },
      },
    },
    async (request) => ({ data: await groups.create(callerOf(request), request.body) }),
  );

  api.patch(
    '/backend/groups/update',
    {
      schema: {
        tags,
        summary: 'Endre en gruppe; `members` erstatter hele medlemslisten',
        body: updateGroupSchema,
        response: { 200: dataResponse(groupDetailSchema) },
      },
    },
    async (request) => ({ data: await groups.update(callerOf(request), request.body) }),
  );

  api.delete(
    '/backend/groups/delete',
    {
      schema: {
        tags,
        summary: "Slett en gruppe uten medlemmer ('Gruppen er i bruk' ellers)",
        body: deleteSchema,
        response: { 200: dataResponse(z.object({ id: z.uuid() })) },
      },
    },
    async (request) => ({ data: await groups.remove(callerOf(request), request.body.id) }),
  );
}
