import {
  acknowledgeAlertResponseSchema,
  acknowledgeAlertSchema,
  canAcknowledgeAlerts,
  getAlertsResponseSchema,
  getAlertsSchema,
} from '@vaskedrift/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ForbiddenError } from '../../lib/errors';
import { callerOf } from '../../plugins/authenticate';
import type { AlertsService } from './alerts.service';

const tags = ['alerts'];

/** Checked before the body: a viewer learns nothing about alert ids, only 403. */
async function requireAcknowledger(request: FastifyRequest) {
  if (!canAcknowledgeAlerts(callerOf(request).role)) throw new ForbiddenError();
}

export async function alertsRoutes(app: FastifyInstance, { alerts }: { alerts: AlertsService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/backend/alerts/get',
    {
      schema: {
        tags,
        summary:
          'Ett varsel med hendelsene ({id}) eller en side med varsler (filter: anlegg, vaskehall, åpne/løste, nivå)',
        body: getAlertsSchema,
        response: { 200: getAlertsResponseSchema },
      },
    },
    async (request) => alerts.get(callerOf(request), request.body),
  );

  api.post(
    '/backend/alerts/acknowledge',
    {
      preValidation: requireAcknowledger,
      schema: {
        tags,
        summary: "Kvitter et åpent varsel: 'jeg ser på det' (tekniker og opp, med tilgang til anlegget)",
        body: acknowledgeAlertSchema,
        response: { 200: acknowledgeAlertResponseSchema },
      },
    },
    async (request) => alerts.acknowledge(callerOf(request), request.body.id),
  );
}
