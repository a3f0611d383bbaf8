import { BAY_METRIC_MESSAGES, type getReadingsSchema, levelFromCode } from '@vaskedrift/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import type { Viewer } from '../../plugins/authenticate';
import {
  type Bucket,
  type ReadingsRetention,
  readRollup,
  readStoredPoints,
  reconstruct,
  seriesOf,
} from '../readings';
import { findBayMetric } from './bay-metrics.repository';

type GetInput = z.output<typeof getReadingsSchema>;
export type ReadingsService = ReturnType<typeof createReadingsService>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Chart data: the finest tier still kept for the whole range, in at most `maxPoints` buckets. Raw
 * readings are reconstructed (decision 022): a stored value holds until the next stored one, at most
 * one and a half heartbeats, so a bucket without a stored reading still shows the value it held.
 */
export function createReadingsService({
  db,
  retention,
  heartbeatMs,
}: {
  db: Db;
  retention: () => Promise<ReadingsRetention>;
  heartbeatMs: number;
}) {
  async function get(viewer: Viewer, input: GetInput) {
    if (!(await findBayMetric(db, viewer, input.bayMetricId))) {
      throw new NotFoundError(BAY_METRIC_MESSAGES.notFound);
    }
    const found = await seriesOf(db, input.bayMetricId);
    if (found === undefined) throw new NotFoundError(BAY_METRIC_MESSAGES.notFound);
    const keep = await retention();
    const to = input.to ? new Date(input.to) : new Date();
    const from = input.from ? new Date(input.from) : new Date(to.getTime() - DAY);
    const age = Date.now() - from.getTime();
    const tier: 'raw' | 'minute' | 'hour' =
      age <= keep.rawHours * HOUR ? 'raw' : age <= keep.minuteDays * DAY ? 'minute' : 'hour';
    const finest = tier === 'raw' ? 1 : tier === 'minute' ? 60 : 3600;
    const span = Math.max(1, (to.getTime() - from.getTime()) / 1000);
    // Buckets are aligned to the epoch, so a range not starting on one spans one more: at most maxPoints.
    const bucketSeconds = Math.max(finest, Math.ceil(span / (input.maxPoints - 1) / finest) * finest);
    let rows: Bucket[] = [];
    if (to > from && tier === 'raw') {
      const holdMs = heartbeatMs * 1.5;
      const points = await readStoredPoints(db, { ...found, from, to, lookBackMs: holdMs });
      rows = reconstruct(points, {
        from: from.getTime(),
        to: to.getTime(),
        bucketMs: bucketSeconds * 1000,
        holdMs,
      });
    } else if (to > from && tier !== 'raw') {
      rows = await readRollup(db, { ...found, from, to, bucketSeconds, tier });
    }
    return {
      data: rows.map((r) => ({
        at: new Date(r.at).toISOString(),
        min: r.min,
        max: r.max,
        avg: r.avg,
        text: r.text,
        count: r.count,
        level: levelFromCode(r.worst),
      })),
      count: rows.length,
      resolution: tier,
      bucketSeconds,
    };
  }
  return { get };
}
