import {
  dataResponse,
  systemSettingsReadDenial,
  systemSettingsResponseSchema,
  systemSettingsUpdateDenial,
  updateSystemSettingsSchema,
} from '@vaskedrift/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, principalOf } from '../../plugins/authenticate';
import { refuseIfDenied } from '../../plugins/authorize';
import type { SystemSettingsService } from './settings.service';

const tags = ['settings'];

// The role is checked before the body: someone without access learns nothing but 403.
const mayRead = async (request: FastifyRequest) =>
  refuseIfDenied(systemSettingsReadDenial(principalOf(request)));
const mayUpdate = async (request: FastifyRequest) =>
  refuseIfDenied(systemSettingsUpdateDenial(principalOf(request)));

export async function settingsRoutes(
  app: FastifyInstance,
  { settings }: { settings: SystemSettingsService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/backend/settings/get',
    {
      preValidation: mayRead,
      schema: {
        tags,
        summary:
          'Systeminnstillingene: feilterskel, lagringstider og eskaleringstid, med når og av hvem de sist ble endret (administrator)',
        body: z.object({}).nullish(),
        response: { 200: dataResponse(systemSettingsResponseSchema) },
      },
    },
    async (request) => ({ data: await settings.get(principalOf(request)) }),
  );

  api.patch(
    '/backend/settings/update',
    {
      preValidation: mayUpdate,
      schema: {
        tags,
        summary: 'Endre systeminnstillinger (superadmin; endringen logges med gammel og ny verdi)',
        body: updateSystemSettingsSchema,
        response: { 200: dataResponse(systemSettingsResponseSchema) },
      },
    },
    async (request) => ({ data: await settings.update(callerOf(request), request.body) }),
  );
}
