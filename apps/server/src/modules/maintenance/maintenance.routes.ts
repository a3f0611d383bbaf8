import {
  bayMaintenanceSchema,
  canManageMaintenance,
  maintenanceAssigneesResponseSchema,
  maintenanceAssigneesSchema,
  maintenanceHistoryResponseSchema,
  maintenanceHistorySchema,
  maintenanceJobMessageResponseSchema,
  maintenanceJobResponseSchema,
  runningMaintenanceSchema,
  startMaintenanceSchema,
  updateMaintenanceSchema,
} from '@vaskedrift/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ForbiddenError } from '../../lib/errors';
import { callerOf } from '../../plugins/authenticate';
import type { MaintenanceService } from './maintenance.service';

const tags = ['maintenance'];

/** Checked before the body: the lowest role reads maintenance but never changes it (403). */
async function requireMaintainer(request: FastifyRequest) {
  if (!canManageMaintenance(callerOf(request).role)) throw new ForbiddenError();
}

export async function maintenanceRoutes(
  app: FastifyInstance,
  { maintenance }: { maintenance: MaintenanceService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const base = '/backend/bays/maintenance';

  api.post(
    `${base}/start`,
    {
      preValidation: requireMaintainer,
      schema: {
        tags,
        summary: 'Start vedlikehold på en vaskehall (tekniker og opp, med tilgang til anlegget)',
        body: startMaintenanceSchema,
        response: { 200: maintenanceJobMessageResponseSchema },
      },
    },
    async (request) => maintenance.start(callerOf(request), request.body),
  );

  api.post(
    `${base}/get`,
    {
      schema: {
        tags,
        summary: 'Det pågående vedlikeholdet på en vaskehall, eller null',
        body: bayMaintenanceSchema,
        response: { 200: maintenanceJobResponseSchema },
      },
    },
    async (request) => maintenance.get(callerOf(request), request.body.bayId),
  );

  api.patch(
    `${base}/update`,
    {
      preValidation: requireMaintainer,
      schema: {
        tags,
        summary: 'Endre det pågående vedlikeholdet på en vaskehall (bare feltene som sendes)',
        body: updateMaintenanceSchema,
        response: { 200: maintenanceJobMessageResponseSchema },
      },
    },
    async (request) => maintenance.update(callerOf(request), request.body),
  );

  api.post(
    `${base}/end`,
    {
      preValidation: requireMaintainer,
      schema: {
        tags,
        summary: 'Avslutt vedlikehold: statusen utledes straks på nytt fra attributtene',
        body: bayMaintenanceSchema,
        response: { 200: maintenanceJobMessageResponseSchema },
      },
    },
    async (request) => maintenance.end(callerOf(request), request.body.bayId),
  );

  api.post(
    `${base}/history`,
    {
      schema: {
        tags,
        summary:
          'Vedlikeholdshistorikk for en vaskehall ({bayId}) eller et anlegg ({locationId}), nyeste først',
        body: maintenanceHistorySchema,
        response: { 200: maintenanceHistoryResponseSchema },
      },
    },
    async (request) => maintenance.history(callerOf(request), request.body),
  );

  api.post(
    `${base}/running`,
    {
      schema: {
        tags,
        summary: 'Pågående vedlikehold på alle vaskehaller brukeren ser, forsinkede først',
        body: runningMaintenanceSchema,
        response: { 200: maintenanceHistoryResponseSchema },
      },
    },
    async (request) => maintenance.running(callerOf(request), request.body),
  );

  api.post(
    `${base}/assignees`,
    {
      preValidation: requireMaintainer,
      schema: {
        tags,
        summary: 'Brukere som kan få vedlikeholdet: de med tilgang til anlegget (bare id og navn)',
        body: maintenanceAssigneesSchema,
        response: { 200: maintenanceAssigneesResponseSchema },
      },
    },
    async (request) => maintenance.assignees(callerOf(request), request.body),
  );
}
