import type { Crossing } from '@vaskedrift/shared';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { predictionEnded, predictionStands } from '../alerts';
import { type AttributeMeta, readAttributeMeta } from './foresight.repository';
import { type ForesightStats, type ObservedAttribute, type SeriesTable, viewOf } from './series-entry';

/*
 * What the foresight tells: a prediction that appears, changes level or ends is published on the bus
 * (`bay_metric.prediction_changed`), and a crossing expected within the horizon is a cause of its bay's
 * incident until the prediction ends (modules/alerts, decision 035): one bay, one message. All of it runs
 * after the check, chained, with the attribute's names (from the full rule, or read once for a quiet check).
 */

/** The announcer of one foresight, with the names of the attributes. */
export function createAnnouncer(deps: {
  db: Db;
  bus: EventBus;
  log: Logger;
  stats: ForesightStats;
  /** The series, for their last value and trend when an announcement runs. */
  series: SeriesTable;
  onNotificationsRecorded?: () => void;
}) {
  const meta = new Map<number, AttributeMeta>();
  let background = Promise.resolve();

  /** Work after the check (a query for names, a notification): chained, errors logged and swallowed. */
  function later(work: () => Promise<void>) {
    background = background.then(work).catch((error) => {
      deps.stats.errors++;
      deps.log.error({ err: error }, 'foresight: kunne ikke melde en forventet terskel');
    });
  }

  async function metaOf(key: number): Promise<AttributeMeta | undefined> {
    const known = meta.get(key);
    if (known) return known;
    const read = await readAttributeMeta(deps.db, key);
    if (read) meta.set(key, read);
    return read;
  }

  function rememberMeta(key: number, rule: ObservedAttribute['rule']) {
    meta.set(key, {
      bayMetricId: rule.id as string,
      bayId: rule.bayId as string,
      bayName: rule.bayName ?? '',
      locationId: rule.locationId as string,
      locationName: rule.locationName ?? '',
      attributeName: rule.displayName ?? '',
      unit: rule.unit ?? null,
    });
  }

  async function announce(key: number, atMs: number, now: Crossing | null, before: Crossing | null) {
    const m = await metaOf(key);
    if (!m) return;
    deps.bus.publish('bay_metric.prediction_changed', {
      bayMetricId: m.bayMetricId,
      bayId: m.bayId,
      locationId: m.locationId,
      attributeName: m.attributeName,
      from: before?.level ?? null,
      prediction: now ? viewOf(now) : null,
      value: deps.series.lastValueOf(key),
      at: new Date(atMs),
    });
  }

  function recorded(count: number) {
    if (count === 0) return;
    deps.stats.notified += count;
    deps.onNotificationsRecorded?.();
  }

  async function stands(key: number, atMs: number, prediction: Crossing) {
    const m = await metaOf(key);
    if (!m) return;
    const cause = {
      bayMetricId: m.bayMetricId,
      bayId: m.bayId,
      locationId: m.locationId,
      attributeName: m.attributeName,
      level: prediction.level,
      expectedAt: new Date(prediction.expectedAt),
      confidence: prediction.confidence,
      value: deps.series.lastValueOf(key),
      direction: trendOf(deps.series, key) ?? null,
    };
    recorded(await predictionStands(deps.db, cause, new Date(atMs)));
  }

  async function ended(key: number, atMs: number) {
    const m = await metaOf(key);
    if (m) recorded(await predictionEnded(deps.db, m.bayMetricId, new Date(atMs)));
  }

  return {
    rememberMeta,
    /** The series of an attribute this instance has names of. */
    keysOf(bayMetricId: string): number[] {
      return [...meta].filter(([, m]) => m.bayMetricId === bayMetricId).map(([key]) => key);
    },
    /** Drops a series' names: read again when next needed. */
    forgetMeta(key: number) {
      meta.delete(key);
    },
    /** Publishes, after the check, that the series' prediction changed from `before` to `now`. */
    announce(key: number, atMs: number, now: Crossing | null, before: Crossing | null) {
      later(() => announce(key, atMs, now, before));
    },
    /** Makes, after the check, a crossing within the horizon a cause of its bay's incident (or updates it). */
    stands(key: number, atMs: number, prediction: Crossing) {
      later(() => stands(key, atMs, prediction));
    },
    /** Ends, after the check, the series' prediction as a cause of its bay's incident. */
    ended(key: number, atMs: number) {
      later(() => ended(key, atMs));
    },
    /** Resolves when the announcements queued so far are done (tests). */
    told: () => background,
  };
}

function trendOf(series: SeriesTable, key: number): 'falling' | 'rising' | undefined {
  const row = series.rowOf(key);
  if (row === undefined) return undefined;
  const state = series.state(row);
  if (state.ctt <= 0) return undefined;
  return state.cty < 0 ? 'falling' : 'rising';
}
