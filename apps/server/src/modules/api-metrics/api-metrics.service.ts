import {
  ALERT_MESSAGES,
  API_MESSAGES,
  API_METRIC_MESSAGES,
  type ApiMetric,
  type createApiMetricSchema,
  type getApiMetricsSchema,
  type updateApiMetricSchema,
} from '@vaskedrift/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { NotFoundError } from '../../lib/errors';
import type { Caller } from '../../plugins/authenticate';
import { type EngineChanges, NO_ENGINE_CHANGES, publishEngineChanges, retireAttributes } from '../engine';
import {
  apiIdOfMetric,
  deleteApiMetric,
  findApiMetric,
  insertApiMetric,
  listApiMetrics,
  lockApiMetric,
  lockLiveApi,
  updateApiMetric,
} from './api-metrics.repository';

type GetInput = z.output<typeof getApiMetricsSchema>;
type CreateInput = z.output<typeof createApiMetricSchema>;
type UpdateInput = z.output<typeof updateApiMetricSchema>;

export type ApiMetricsService = ReturnType<typeof createApiMetricsService>;

export function createApiMetricsService({ db, bus }: { db: Db; bus: EventBus }) {
  async function mustFind(id: string): Promise<ApiMetric> {
    const metric = await findApiMetric(db, id);
    if (!metric) throw new NotFoundError(API_METRIC_MESSAGES.notFound);
    return metric;
  }

  /** Locks the attribute's API, then the attribute: the same order as a check, so the two never deadlock. */
  async function lockBoth(tx: Db, id: string) {
    const apiId = await apiIdOfMetric(tx, id);
    if (!apiId || !(await lockLiveApi(tx, apiId))) throw new NotFoundError(API_METRIC_MESSAGES.notFound);
    const metric = await lockApiMetric(tx, id);
    if (!metric) throw new NotFoundError(API_METRIC_MESSAGES.notFound);
    return metric;
  }

  async function get(input: GetInput) {
    if (input.id) return { data: await mustFind(input.id) };
    return listApiMetrics(db, input);
  }

  async function create(caller: Caller, { apiId, ...values }: CreateInput): Promise<ApiMetric> {
    const id = await db.transaction(async (tx) => {
      if (!(await lockLiveApi(tx, apiId))) throw new NotFoundError(API_MESSAGES.notFound);
      return insertApiMetric(tx, apiId, values);
    });
    bus.publish('api_metric.created', {
      userId: caller.userId,
      ip: caller.ip,
      apiMetricId: id,
      apiId,
      name: values.name,
    });
    return mustFind(id);
  }

  /** A disabled attribute stops being evaluated: its open alerts are resolved and its bays derived again. */
  async function update(caller: Caller, { id, ...fields }: UpdateInput): Promise<ApiMetric> {
    const { metric, engine } = await db.transaction(async (tx) => {
      const metric = await lockBoth(tx, id);
      const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
      await updateApiMetric(tx, id, changes);
      const disabled = fields.status === 'disabled' && metric.status !== 'disabled';
      const engine: EngineChanges = disabled
        ? await retireAttributes(tx, { apiMetricId: id }, ALERT_MESSAGES.attributeNotEvaluated)
        : NO_ENGINE_CHANGES;
      return { metric, engine };
    });
    publishEngineChanges(bus, engine);
    const updated = await mustFind(id);
    bus.publish('api_metric.updated', {
      userId: caller.userId,
      ip: caller.ip,
      apiMetricId: id,
      apiId: metric.apiId,
      name: updated.name,
      fields: Object.keys(fields).filter((k) => fields[k as keyof typeof fields] !== undefined),
    });
    return updated;
  }

  /** Deletes the attribute with its bay attributes and their readings; open alerts are resolved first. */
  async function remove(caller: Caller, id: string): Promise<{ id: string }> {
    const { metric, engine } = await db.transaction(async (tx) => {
      const metric = await lockBoth(tx, id);
      const engine = await retireAttributes(tx, { apiMetricId: id }, ALERT_MESSAGES.attributeDeleted);
      await deleteApiMetric(tx, id);
      return { metric, engine };
    });
    publishEngineChanges(bus, engine);
    bus.publish('api_metric.deleted', {
      userId: caller.userId,
      ip: caller.ip,
      apiMetricId: id,
      apiId: metric.apiId,
      name: metric.name,
    });
    return { id };
  }

  return { get, create, update, remove };
}
