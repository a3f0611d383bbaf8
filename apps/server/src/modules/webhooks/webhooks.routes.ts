import {
  createWebhookSchema,
  dataResponse,
  deleteSchema,
  updateWebhookSchema,
  WEBHOOK_MESSAGES,
  webhookDeliveriesResponseSchema,
  webhookDeliveriesSchema,
  webhookGetSchema,
  webhookListResponseSchema,
  webhookResponseSchema,
  webhookTestResponseSchema,
  webhookTestSchema,
} from '@vaskedrift/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/authenticate';
import { requireLocationAdmin } from '../../plugins/authorize';
import type { WebhooksService } from './webhooks.service';

const tags = ['webhooks'];

/** Every webhook route is for admins: the role is checked before the body is read. */
export async function webhooksRoutes(app: FastifyInstance, { webhooks }: { webhooks: WebhooksService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.addHook('preValidation', requireLocationAdmin);

  api.post(
    '/backend/webhooks/get',
    {
      schema: {
        tags,
        summary: 'Én webhook ({id}) eller en side med webhooker, med siste levering (administrator)',
        body: webhookGetSchema,
        response: { 200: webhookListResponseSchema },
      },
    },
    async (request) => webhooks.get(request.body),
  );

  api.post(
    '/backend/webhooks/create',
    {
      schema: {
        tags,
        summary: 'Legg til en webhook (administrator); hemmeligheten lagres kryptert og vises aldri',
        body: createWebhookSchema,
        response: { 200: webhookResponseSchema },
      },
    },
    async (request) => ({
      data: await webhooks.create(callerOf(request), request.body),
      message: WEBHOOK_MESSAGES.created,
    }),
  );

  api.patch(
    '/backend/webhooks/update',
    {
      schema: {
        tags,
        summary: 'Endre en webhook (administrator); slått på igjen starter den uten feil',
        body: updateWebhookSchema,
        response: { 200: webhookResponseSchema },
      },
    },
    async (request) => ({
      data: await webhooks.update(callerOf(request), request.body),
      message: WEBHOOK_MESSAGES.updated,
    }),
  );

  api.delete(
    '/backend/webhooks/delete',
    {
      schema: {
        tags,
        summary: 'Slett en webhook med leveringsloggen og leveringene som venter (administrator)',
        body: deleteSchema,
        response: { 200: dataResponse(z.object({ id: z.uuid() })).extend({ message: z.string() }) },
      },
    },
    async (request) => ({
      data: await webhooks.remove(callerOf(request), request.body.id),
      message: WEBHOOK_MESSAGES.deleted,
    }),
  );

  api.post(
    '/backend/webhooks/test',
    {
      schema: {
        tags,
        summary: 'Send en testmelding (webhook.test) nå og svar hvordan det gikk (administrator)',
        body: webhookTestSchema,
        response: { 200: webhookTestResponseSchema },
      },
    },
    async (request) => webhooks.test(request.body.id),
  );

  api.post(
    '/backend/webhooks/deliveries',
    {
      schema: {
        tags,
        summary: 'Leveringsloggen til en webhook, nyeste først (administrator)',
        body: webhookDeliveriesSchema,
        response: { 200: webhookDeliveriesResponseSchema },
      },
    },
    async (request) => webhooks.deliveries(request.body),
  );
}
