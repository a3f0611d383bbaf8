import { BAY_METRIC_MESSAGES, type getReadingsSchema, levelFromCode } from '@vaskedrift/shared';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import type { Viewer } from '../../plugins/authenticate';
import { readPoints, seriesOf } from '../readings';
import { findBayMetric } from './bay-metrics.repository';

type GetInput = z.output<typeof getReadingsSchema>;
export type ReadingsService = ReturnType<typeof createReadingsService>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Chart data: the finest tier still kept for the whole range, in at most `maxPoints` buckets. */
export function createReadingsService({ db, config }: { db: Db; config: Config }) {
  async function get(viewer: Viewer, input: GetInput) {
    if (!(await findBayMetric(db, viewer, input.bayMetricId))) {
      throw new NotFoundError(BAY_METRIC_MESSAGES.notFound);
    }
    const series = await seriesOf(db, input.bayMetricId);
    if (series === undefined) throw new NotFoundError(BAY_METRIC_MESSAGES.notFound);
    const to = input.to ? new Date(input.to) : new Date();
    const from = input.from ? new Date(input.from) : new Date(to.getTime() - DAY);
    const age = Date.now() - from.getTime();
    const tier: 'raw' | 'minute' | 'hour' =
      age <= config.readings.rawRetentionHours * HOUR
        ? 'raw'
        : age <= config.readings.minuteRetentionDays * DAY
          ? 'minute'
          : 'hour';
    const finest = tier === 'raw' ? 1 : tier === 'minute' ? 60 : 3600;
    const span = Math.max(1, (to.getTime() - from.getTime()) / 1000);
    const bucketSeconds = Math.max(finest, Math.ceil(span / input.maxPoints / finest) * finest);
    const rows = to > from ? await readPoints(db, { series, from, to, bucketSeconds, tier }) : [];
    return {
      data: rows.map((r) => ({
        at: r.at.toISOString(),
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
