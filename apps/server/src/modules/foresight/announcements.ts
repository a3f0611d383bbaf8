import type { Crossing } from '@vaskedrift/shared';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { predictionEnded, predictionStands } from '../alerts';
import { type AttributeMeta, readAttributeMetas } from './foresight.repository';
import { type ForesightStats, type ObservedAttribute, type SeriesTable, viewOf } from './series-entry';

/*
 * What the foresight tells: a prediction that appears, changes level or ends is published on the bus
 * (`bay_metric.prediction_changed`), and a crossing expected within the horizon is a cause of its bay's
 * incident until the prediction ends (modules/alerts, decision 035): one bay, one message. All of it runs
 * after the check, in order, with the attribute's names (from a full check's rule, else read: none are
 * kept); what waits is taken in batches, the names of a batch read in one statement, so a backlog (many
 * predictions changing at once at 150,000 bays) costs a read a batch, not one a prediction.
 */

/** Announcements taken at once: their missing names read together. */
const BATCH = 500;

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
  type Job = { key: number; rule: Rule; run: (names: AttributeMeta) => Promise<void> | void };
  const queue: Job[] = [];
  let draining: Promise<void> | undefined;

  /** Work after the check with the attribute's names: queued in order, errors logged and swallowed. */
  function later(key: number, rule: Rule, run: Job['run']) {
    queue.push({ key, rule, run });
    draining ??= drain();
  }

  function failed(error: unknown) {
    deps.stats.errors++;
    deps.log.error({ err: error }, 'foresight: kunne ikke melde en forventet terskel');
  }

  /** Runs the queue until it is empty; done in the same step as it finds it empty (no job left behind). */
  async function drain() {
    try {
      while (queue.length > 0) {
        const jobs = queue.splice(0, BATCH);
        const names = await namesOf(jobs).catch((error: unknown) => {
          failed(error);
          return new Map<number, AttributeMeta>();
        });
        for (const job of jobs) {
          const m = names.get(job.key);
          if (!m) continue;
          try {
            await job.run(m);
          } catch (error) {
            failed(error);
          }
        }
      }
    } finally {
      draining = undefined;
    }
  }

  /**
   * The jobs' attribute names: from the check's rule when it has them (a full check), else read, all of a
   * batch at once (a quiet check; none are kept); the attribute's id is then noted in its row.
   */
  async function namesOf(jobs: Job[]): Promise<Map<number, AttributeMeta>> {
    const names = new Map<number, AttributeMeta>();
    const unknown = new Set<number>();
    for (const job of jobs) {
      const known = namesOfRule(job.rule);
      if (known) names.set(job.key, known);
      else unknown.add(job.key);
    }
    for (const [key, read] of await readAttributeMetas(deps.db, [...unknown])) {
      names.set(key, read);
      const row = deps.series.rowOf(key);
      if (row !== undefined) deps.series.setAttribute(row, read.bayMetricId);
    }
    return names;
  }

  function announce(m: AttributeMeta, key: number, atMs: number, now: Crossing | null, before: Level) {
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

  async function stands(m: AttributeMeta, key: number, atMs: number, prediction: Crossing) {
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

  async function ended(m: AttributeMeta, atMs: number) {
    recorded(await predictionEnded(deps.db, m.bayMetricId, new Date(atMs)));
  }

  return {
    /** Publishes, after the check, that the series' prediction changed from `before` to `now`. */
    announce(key: number, atMs: number, now: Crossing | null, before: Level, rule: Rule) {
      later(key, rule, (m) => announce(m, key, atMs, now, before));
    },
    /** Makes, after the check, a crossing within the horizon a cause of its bay's incident (or updates it). */
    stands(key: number, atMs: number, prediction: Crossing, rule: Rule) {
      later(key, rule, (m) => stands(m, key, atMs, prediction));
    },
    /** Ends, after the check, the series' prediction as a cause of its bay's incident. */
    ended(key: number, atMs: number, rule: Rule) {
      later(key, rule, (m) => ended(m, atMs));
    },
    /** Resolves when the announcements queued so far are done (tests). */
    told: (): Promise<void> => draining ?? Promise.resolve(),
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
