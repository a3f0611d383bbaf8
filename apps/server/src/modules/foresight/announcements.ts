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
 * after the check, chained, with the attribute's names (from a full check's rule, else read: none are kept).
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
  let background = Promise.resolve();

  /** Work after the check (a query for names, a notification): chained, errors logged and swallowed. */
  function later(work: () => Promise<void>) {
    background = background.then(work).catch((error) => {
      deps.stats.errors++;
      deps.log.error({ err: error }, 'foresight: kunne ikke melde en forventet terskel');
    });
  }

  /**
   * The attribute's names: from the check's rule when it has them (a full check), else read (a quiet
   * check; announcements are few, so none are kept); the attribute's id is then noted in its row.
   */
  async function namesOf(key: number, rule: Rule): Promise<AttributeMeta | undefined> {
    const known = namesOfRule(rule);
    if (known) return known;
    const read = await readAttributeMeta(deps.db, key);
    const row = deps.series.rowOf(key);
    if (read && row !== undefined) deps.series.setAttribute(row, read.bayMetricId);
    return read;
  }

  async function announce(key: number, atMs: number, now: Crossing | null, before: Level, rule: Rule) {
    const m = await namesOf(key, rule);
    if (!m) return;
    deps.bus.publish('bay_metric.prediction_changed', {
      bayMetricId: m.bayMetricId,
      bayId: m.bayId,
      locationId: m.locationId,
      attributeName: m.attributeName,
      from: before,
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

  async function stands(key: number, atMs: number, prediction: Crossing, rule: Rule) {
    const m = await namesOf(key, rule);
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

  async function ended(key: number, atMs: number, rule: Rule) {
    const m = await namesOf(key, rule);
    if (m) recorded(await predictionEnded(deps.db, m.bayMetricId, new Date(atMs)));
  }

  return {
    /** Publishes, after the check, that the series' prediction changed from `before` to `now`. */
    announce(key: number, atMs: number, now: Crossing | null, before: Level, rule: Rule) {
      later(() => announce(key, atMs, now, before, rule));
    },
    /** Makes, after the check, a crossing within the horizon a cause of its bay's incident (or updates it). */
    stands(key: number, atMs: number, prediction: Crossing, rule: Rule) {
      later(() => stands(key, atMs, prediction, rule));
    },
    /** Ends, after the check, the series' prediction as a cause of its bay's incident. */
    ended(key: number, atMs: number, rule: Rule) {
      later(() => ended(key, atMs, rule));
    },
    /** Resolves when the announcements queued so far are done (tests). */
    told: () => background,
  };
}

type Rule = ObservedAttribute['rule'];
type Level = Crossing['level'] | null;

/** The names a full check's rule carries (a quiet check's has none). */
function namesOfRule(rule: Rule): AttributeMeta | undefined {
  if (!rule.id || !rule.bayId || !rule.locationId) return undefined;
  return {
    bayMetricId: rule.id,
    bayId: rule.bayId,
    bayName: rule.bayName ?? '',
    locationId: rule.locationId,
    locationName: rule.locationName ?? '',
    attributeName: rule.displayName ?? '',
    unit: rule.unit ?? null,
  };
}

function trendOf(series: SeriesTable, key: number): 'falling' | 'rising' | undefined {
  const row = series.rowOf(key);
  if (row === undefined) return undefined;
  const state = series.state(row);
  if (state.ctt <= 0) return undefined;
  return state.cty < 0 ? 'falling' : 'rising';
}
