import {
  createUserSchema,
  dataResponse,
  deletedUserFactorsSchema,
  deleteSchema,
  deleteUserFactorsSchema,
  listResponse,
  updateUserConfigSchema,
  updateUserSchema,
  updateUserSettingsSchema,
  userGetSchema,
  userSchema,
  userViewSchema,
} from '@vaskedrift/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/authenticate';
import { requirePeopleAdmin } from '../../plugins/authorize';
import type { UserSettingsService } from './user-settings.service';
import type { UsersService } from './users.service';

const tags = ['users'];

type Options = { users: UsersService; settings: UserSettingsService };

export async function usersRoutes(app: FastifyInstance, { users, settings }: Options) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/backend/users/get',
    {
      schema: {
        tags,
        summary:
          'Én bruker ({id}), brukerens rad i v_users_data ({table: "v_users_data", id}) eller en side med brukere (administrator)',
        body: userGetSchema,
        response: {
          200: z.union([dataResponse(userSchema), dataResponse(userViewSchema), listResponse(userSchema)]),
        },
      },
    },
    (request) => users.get(callerOf(request), request.body),
  );

  api.post(
    '/backend/users/create',
    {
      preValidation: requirePeopleAdmin,
      schema: {
        tags,
        summary: 'Opprett en bruker (administrator; aldri med høyere nivå enn ditt eget)',
        body: createUserSchema,
        response: { 200: dataResponse(userSchema) },
      },
    },
    async (request) => ({ data: await users.create(callerOf(request), request.body) }),
  );

  api.patch(
    '/backend/users/update',
    {
      schema: {
        tags,
        summary:
          'Endre en bruker: deg selv (navn, telefon, bilde, passord) eller, som administrator, brukere på ditt nivå eller lavere',
        body: updateUserSchema,
        response: { 200: dataResponse(userSchema) },
      },
    },
    async (request) => ({ data: await users.update(callerOf(request), request.body) }),
  );

  api.delete(
    '/backend/users/delete',
    {
      preValidation: requirePeopleAdmin,
      schema: {
        tags,
        summary: 'Slett en bruker (administrator; aldri deg selv eller en med høyere nivå)',
        body: deleteSchema,
        response: { 200: dataResponse(z.object({ id: z.uuid() })) },
      },
    },
    async (request) => ({ data: await users.remove(callerOf(request), request.body.id) }),
  );

  api.delete(
    '/backend/users/factors/delete',
    {
      preValidation: requirePeopleAdmin,
      schema: {
        tags,
        summary:
          'Fjern en brukers tofaktorinnlogging og gjenopprettingskoder (administrator; aldri deg selv eller en med høyere nivå)',
        body: deleteUserFactorsSchema,
        response: { 200: dataResponse(deletedUserFactorsSchema) },
      },
    },
    async (request) => ({ data: await users.removeFactors(callerOf(request), request.body.userId) }),
  );

  api.patch(
    '/backend/users/settings/update',
    {
      schema: {
        tags,
        summary: 'Endre innstillinger og tema (antall per side, språk, lys/mørk/system, farge)',
        body: updateUserSettingsSchema,
        response: { 200: dataResponse(userViewSchema) },
      },
    },
    async (request) => ({ data: await settings.updateSettings(callerOf(request), request.body) }),
  );

  api.patch(
    '/backend/users/configs/update',
    {
      schema: {
        tags,
        summary: 'Endre brukerens frie konfigurasjon (JSON; nøklene som sendes erstattes)',
        body: updateUserConfigSchema,
        response: { 200: dataResponse(userViewSchema) },
      },
    },
    async (request) => ({ data: await settings.updateConfig(callerOf(request), request.body) }),
  );
}
