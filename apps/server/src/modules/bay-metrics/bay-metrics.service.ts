import {
  ALERT_MESSAGES,
  API_METRIC_MESSAGES,
  BAY_MESSAGES,
  BAY_METRIC_MESSAGES,
  type BayMetric,
  type createBayMetricSchema,
  type getBayMetricsSchema,
  thresholdIssues,
  type updateBayMetricSchema,
} from '@vaskedrift/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { type Clock, systemClock } from '../../lib/clock';
import { NotFoundError, ValidationError } from '../../lib/errors';
import type { Caller, Viewer } from '../../plugins/authenticate';
import { lockLiveApi } from '../api-metrics';
import { lockBay } from '../bays';
import { type EngineChanges, NO_ENGINE_CHANGES, publishEngineChanges, retireAttributes } from '../engine';
import {
  apiMetricIdOfBayMetric,
  apiMetricWithApi,
  deleteBayMetric,
  findBayMetric,
  insertBayMetric,
  listBayMetrics,
  lockBayMetric,
  updateBayMetric,
} from './bay-metrics.repository';

type GetInput = z.output<typeof getBayMetricsSchema>;
type CreateInput = z.output<typeof createBayMetricSchema>;
type UpdateInput = z.output<typeof updateBayMetricSchema>;

export type BayMetricsService = ReturnType<typeof createBayMetricsService>;

/** An API attribute, or its API, that is gone: a field error of the request's `apiMetricId`. */
const apiMetricNotFound = () =>
  new ValidationError(API_METRIC_MESSAGES.notFound, [
    { path: 'apiMetricId', message: API_METRIC_MESSAGES.notFound },
  ]);

export function createBayMetricsService({
  db,
  bus,
  clock = systemClock,
}: {
  db: Db;
  bus: EventBus;
  /** The time a stored prediction is compared with: one whose expected time has passed is answered as none. */
  clock?: Clock;
}) {
  async function mustFind(viewer: Viewer, id: string): Promise<BayMetric> {
    const metric = await findBayMetric(db, viewer, id, clock.now());
    if (!metric) throw new NotFoundError(BAY_METRIC_MESSAGES.notFound);
    return metric;
  }

  /**
   * Locks the APIs of these API attributes in id order, as a check locks its APIs (engine/api-run.repository.ts),
   * or a validation error when an attribute or its API is gone.
   */
  async function lockApisOf(tx: Db, apiMetricIds: readonly string[]) {
    const apiIds = new Set<string>();
    for (const apiMetricId of apiMetricIds) {
      const metric = await apiMetricWithApi(tx, apiMetricId);
      if (!metric) throw apiMetricNotFound();
      apiIds.add(metric.apiId);
    }
    for (const apiId of [...apiIds].sort()) if (!(await lockLiveApi(tx, apiId))) throw apiMetricNotFound();
  }

  /**
   * The bay attribute, locked after its API and the API it moves to (`movingTo`): a check locks its API, then
   * writes the API's attributes, so an edit that locked the attribute first and then waited for the API
   * deadlocked with it (PostgreSQL aborted one, a 500). Its API is read unlocked first; should another edit move
   * the attribute in between, its new API is locked after it. 404 when the attribute is gone.
   */
  async function lockWithApis(tx: Db, id: string, movingTo?: string) {
    const apiMetricId = await apiMetricIdOfBayMetric(tx, id);
    if (!apiMetricId) throw new NotFoundError(BAY_METRIC_MESSAGES.notFound);
    await lockApisOf(tx, movingTo === undefined ? [apiMetricId] : [apiMetricId, movingTo]);
    const locked = await lockBayMetric(tx, id);
    if (!locked) throw new NotFoundError(BAY_METRIC_MESSAGES.notFound);
    if (locked.apiMetricId !== apiMetricId) await lockApisOf(tx, [locked.apiMetricId]);
    return locked;
  }

  async function get(viewer: Viewer, input: GetInput) {
    if (input.id) return { data: await mustFind(viewer, input.id) };
    return listBayMetrics(db, viewer, input, clock.now());
  }

  /** The bay's status is derived from its attributes from the first check on. */
  async function create(caller: Caller, { bayId, ...values }: CreateInput): Promise<BayMetric> {
    const { id, locationId } = await db.transaction(async (tx) => {
      await lockApisOf(tx, [values.apiMetricId]);
      const bay = await lockBay(tx, bayId);
      if (!bay) throw new NotFoundError(BAY_MESSAGES.notFound);
      return { id: await insertBayMetric(tx, bayId, values), locationId: bay.locationId };
    });
    bus.publish('bay_metric.created', {
      userId: caller.userId,
      ip: caller.ip,
      bayMetricId: id,
      bayId,
      locationId,
      apiMetricId: values.apiMetricId,
    });
    return mustFind(caller, id);
  }

  /**
   * Thresholds are checked against the resulting type and operator (their order too). Moved to another API attribute, the attribute
   * starts afresh: its open alert is resolved and its bay derived again until the new API is checked.
   */
  async function update(caller: Caller, { id, ...fields }: UpdateInput): Promise<BayMetric> {
    const changes = Object.fromEntries(
      Object.entries(fields).filter(([, v]) => v !== undefined),
    ) as typeof fields;
    const { current, engine } = await db.transaction(async (tx) => {
      const before = await lockWithApis(tx, id, changes.apiMetricId);
      const moved = changes.apiMetricId !== undefined && changes.apiMetricId !== before.apiMetricId;
      const type = changes.type ?? before.type;
      const issues = thresholdIssues(
        type,
        {
          thresholdActive: changes.thresholdActive ?? before.thresholdActive,
          thresholdWarning: changes.thresholdWarning ?? before.thresholdWarning,
          thresholdCritical: changes.thresholdCritical ?? before.thresholdCritical,
          thresholdInactive: changes.thresholdInactive ?? before.thresholdInactive,
        },
        changes.operator ?? before.operator,
      );
      if (issues.length > 0) throw new ValidationError(issues[0]?.message ?? '', issues);
      const engine: EngineChanges = moved
        ? await retireAttributes(tx, { bayMetricIds: [id] }, ALERT_MESSAGES.attributeNotEvaluated)
        : NO_ENGINE_CHANGES;
      await updateBayMetric(tx, id, changes);
      return { current: before, engine };
    });
    publishEngineChanges(bus, engine);
    bus.publish('bay_metric.updated', {
      userId: caller.userId,
      ip: caller.ip,
      bayMetricId: id,
      bayId: current.bayId,
      locationId: current.locationId,
      fields: Object.keys(changes),
    });
    return mustFind(caller, id);
  }

  /** Deletes the attribute and its readings; its open alert is resolved and its bay derived again. */
  async function remove(caller: Caller, id: string): Promise<{ id: string }> {
    const { current, engine } = await db.transaction(async (tx) => {
      const before = await lockWithApis(tx, id);
      const engine = await retireAttributes(tx, { bayMetricIds: [id] }, ALERT_MESSAGES.attributeDeleted);
      await deleteBayMetric(tx, id);
      return { current: before, engine };
    });
    publishEngineChanges(bus, engine);
    bus.publish('bay_metric.deleted', {
      userId: caller.userId,
      ip: caller.ip,
      bayMetricId: id,
      bayId: current.bayId,
      locationId: current.locationId,
    });
    return { id };
  }

  return { get, create, update, remove };
}
