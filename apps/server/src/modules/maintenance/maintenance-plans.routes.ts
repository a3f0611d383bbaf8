import {
  canManageMaintenance,
  createMaintenancePlanSchema,
  deleteMaintenancePlanResponseSchema,
  deleteSchema,
  getMaintenancePlansResponseSchema,
  getMaintenancePlansSchema,
  maintenancePlanMessageResponseSchema,
  updateMaintenancePlanSchema,
} from '@vaskedrift/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ForbiddenError } from '../../lib/errors';
import { callerOf } from '../../plugins/authenticate';
import type { MaintenancePlansService } from './maintenance-plans.service';

const tags = ['maintenance'];

/** Checked before the body: the lowest role reads plans but never makes or changes them (403). */
async function requireMaintainer(request: FastifyRequest) {
  if (!canManageMaintenance(callerOf(request).role)) throw new ForbiddenError();
}

/** Planned maintenance (docs/domain.md, Maintenance: planned maintenance). */
export async function maintenancePlansRoutes(
  app: FastifyInstance,
  { plans }: { plans: MaintenancePlansService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const base = '/backend/bays/maintenance/plans';

  api.post(
    `${base}/create`,
    {
      preValidation: requireMaintainer,
      schema: {
        tags,
        summary: 'Planlegg vedlikehold på en vaskehall, én gang eller gjentatt (norsk tid)',
        body: createMaintenancePlanSchema,
        response: { 200: maintenancePlanMessageResponseSchema },
      },
    },
    async (request) => plans.create(callerOf(request), request.body),
  );

  api.post(
    `${base}/get`,
    {
      schema: {
        tags,
        summary:
          'Én plan ({id}) eller en side med kommende planer (filter: vaskehall eller anlegg), først først',
        body: getMaintenancePlansSchema,
        response: { 200: getMaintenancePlansResponseSchema },
      },
    },
    async (request) => plans.get(callerOf(request), request.body),
  );

  api.patch(
    `${base}/update`,
    {
      preValidation: requireMaintainer,
      schema: {
        tags,
        summary: 'Endre en plan (bare feltene som sendes); neste gang regnes ut på nytt',
        body: updateMaintenancePlanSchema,
        response: { 200: maintenancePlanMessageResponseSchema },
      },
    },
    async (request) => plans.update(callerOf(request), request.body),
  );

  api.delete(
    `${base}/delete`,
    {
      preValidation: requireMaintainer,
      schema: {
        tags,
        summary: 'Slett en plan; et vedlikehold den alt har startet, fortsetter',
        body: deleteSchema,
        response: { 200: deleteMaintenancePlanResponseSchema },
      },
    },
    async (request) => plans.remove(callerOf(request), request.body.id),
  );
}
