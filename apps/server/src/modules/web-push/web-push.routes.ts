import {
  createWebPushDeviceResponseSchema,
  createWebPushDeviceSchema,
  dataResponse,
  deleteWebPushDeviceSchema,
  webPushAcknowledgeResponseSchema,
  webPushAcknowledgeSchema,
  webPushConfigResponseSchema,
  webPushDevicesResponseSchema,
} from '@vaskedrift/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/authenticate';
import type { WebPushService } from './web-push.service';

const tags = ['users'];

/**
 * Web Push (docs/decisions/038-web-push.md): the public key, the signed-in user's own devices, and the
 * notification's 'Jeg ser på det', which needs no session (the service worker may have none): its token is
 * the credential, so the route is rate limited like sign-in.
 */
export async function webPushRoutes(app: FastifyInstance, { webPush }: { webPush: WebPushService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/backend/users/push/config',
    {
      schema: {
        tags,
        summary: 'Den offentlige VAPID-nøkkelen nettleseren abonnerer med (innlogget bruker)',
        response: { 200: webPushConfigResponseSchema },
      },
    },
    async () => ({ data: await webPush.config() }),
  );

  api.get(
    '/backend/users/push/devices/list',
    {
      schema: {
        tags,
        summary: 'Mine enheter med push-varsler på',
        response: { 200: webPushDevicesResponseSchema },
      },
    },
    async (request) => ({ data: await webPush.list(callerOf(request).userId) }),
  );

  api.post(
    '/backend/users/push/devices/create',
    {
      schema: {
        tags,
        summary: 'Slå på push-varsler for denne enheten (samme adresse igjen oppdaterer den)',
        body: createWebPushDeviceSchema,
        response: { 200: createWebPushDeviceResponseSchema },
      },
    },
    async (request) => ({ data: await webPush.create(callerOf(request), request.body) }),
  );

  api.delete(
    '/backend/users/push/devices/delete',
    {
      schema: {
        tags,
        summary: 'Fjern en av mine enheter (den får ikke flere push-varsler)',
        body: deleteWebPushDeviceSchema,
        response: { 200: dataResponse(z.object({ id: z.uuid() })).extend({ message: z.string() }) },
      },
    },
    async (request) => {
      const { id, message } = await webPush.remove(callerOf(request), request.body.id);
      return { data: { id }, message };
    },
  );

  api.post(
    '/backend/users/push/actions/acknowledge',
    {
      config: { public: true, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          "'Jeg ser på det' fra et push-varsel: nøkkelen i varselet kvitterer alarmen (uten innlogging)",
        body: webPushAcknowledgeSchema,
        response: { 200: webPushAcknowledgeResponseSchema },
      },
    },
    async (request) => ({ data: await webPush.acknowledgeWithToken(request.body.token, request.ip ?? null) }),
  );
}
