import {
  createRecipientSchema,
  deleteSchema,
  recipientGetSchema,
  recipientListResponseSchema,
  recipientResponseSchema,
  updateRecipientSchema,
} from '@vaskedrift/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/authenticate';
import { requirePeopleAdmin } from '../../plugins/authorize';
import type { RecipientsService } from './recipients.service';

const tags = ['notifications'];
const base = '/backend/settings/notifications';

/** Every recipient route is for admins and superadmins; others get 403 before their body is looked at. */
export async function recipientsRoutes(
  app: FastifyInstance,
  { recipients }: { recipients: RecipientsService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.addHook('preValidation', requirePeopleAdmin);

  api.post(
    `${base}/get`,
    {
      schema: {
        tags,
        summary: 'Én varslingsmottaker ({id}) eller en side med mottakere (søk i navn og e-post)',
        body: recipientGetSchema,
        response: { 200: recipientListResponseSchema },
      },
    },
    (request) => recipients.get(request.body),
  );

  api.post(
    `${base}/create`,
    {
      schema: {
        tags,
        summary: 'Legg til en mottaker: bruker, gruppe eller egen adresse, med hendelser og anlegg',
        body: createRecipientSchema,
        response: { 200: recipientResponseSchema },
      },
    },
    (request) => recipients.create(callerOf(request), request.body),
  );

  api.patch(
    `${base}/update`,
    {
      schema: {
        tags,
        summary: 'Endre hendelser, påminnelse og anlegg for en mottaker',
        body: updateRecipientSchema,
        response: { 200: recipientResponseSchema },
      },
    },
    (request) => recipients.update(callerOf(request), request.body),
  );

  api.delete(
    `${base}/delete`,
    {
      schema: {
        tags,
        summary: 'Slett en mottaker',
        body: deleteSchema,
        response: { 200: z.object({ data: z.object({ id: z.uuid() }), message: z.string() }) },
      },
    },
    (request) => recipients.remove(callerOf(request), request.body.id),
  );
}
