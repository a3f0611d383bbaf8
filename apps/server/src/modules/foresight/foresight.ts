import { type Crossing, isUnusual, predictCrossing, seriesBytes, updateSeries } from '@vaskedrift/shared';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { type Clock, systemClock } from '../../lib/clock';
import { createAnnouncer } from './announcements';
import { createRebuilder } from './rebuild';
import { type ForesightStats, type ObservedAttribute, SeriesTable, viewOf } from './series-entry';
import { thresholdsOf } from './thresholds';
import { createVerdictWriter } from './verdicts';

/*
 * The server's foresight (docs/domain.md, Foresight; decision 035): one model series (`@vaskedrift/shared`
 * foresight) per number or counter bay attribute, in memory, fed after each check has committed with the
 * values it read. A series first seen is rebuilt from its stored readings in the background (the checks'
 * values meanwhile wait in a short list and are learned after the history). What a series says now —
 * prediction, unusual, normal range — is answered by `of(series)` with the attribute; a prediction that
 * appears, changes level or disappears is published on the bus (`bay_metric.prediction_changed`), and a
 * crossing expected within the horizon is a cause of its bay's incident while it stands (decision 035).
 * What a series says is also stored (`bay_metric_foresight`), so every instance answers it with the attribute:
 * a verdict is written only when it changed enough (`moved`, verdicts.ts), the changes of one check in one
 * statement, in the background.
 * Nothing here may fail or slow a check: `observe` is synchronous, O(1) per value, and catches everything.
 */

export type { ObservedAttribute } from './series-entry';

export type ForesightView = {
  prediction: { level: 'warning' | 'critical'; expectedAt: string; confidence: number } | null;
  unusual: boolean;
  normal: { low: number; high: number } | null;
};

const NO_VIEW: ForesightView = { prediction: null, unusual: false, normal: null };

/** How often the prediction horizon (a system setting) is read again; settings are cached briefly anyway. */
const HORIZON_READ_EVERY_MS = 5_000;
/** Readings of a series kept while its history is read; more are dropped (the history has them). */
const PENDING_LIMIT = 200;

export function createForesight(deps: {
  db: Db;
  bus: EventBus;
  log: Logger;
  /** Minutes ahead a crossing is notified (the system setting `predictionHorizonMinutes`). */
  horizonMinutes: () => Promise<number>;
  onNotificationsRecorded?: () => void;
  clock?: Clock;
  /** Read stored history of series first seen (default true; tests of the model alone turn it off). */
  rebuild?: boolean;
}) {
  const series = new SeriesTable();
  let horizonMs = 60 * 60_000;
  const stats: ForesightStats = {
    observed: 0,
    rebuilt: 0,
    predictionsChanged: 0,
    notified: 0,
    errors: 0,
    verdictsWritten: 0,
    verdictWrites: 0,
    released: 0,
  };
  const writer = createVerdictWriter({ db: deps.db, log: deps.log, series, stats });
  const announcer = createAnnouncer({ ...deps, stats, series });
  const rebuilder = createRebuilder({
    db: deps.db,
    log: deps.log,
    clock: deps.clock ?? systemClock,
    series,
    stats,
    learn,
    queueWrite: writer.queueWrite,
  });

  // A deleted attribute's series goes (its prediction's cause ended with it, `retireAttributes`); names
  // are not kept, so a changed attribute's are told as they are.
  deps.bus.on('bay_metric.deleted', ({ bayMetricId }) => {
    for (const key of series.keysOfAttribute(bayMetricId)) series.remove(key);
  });

  /** When the horizon was last asked for (monotonic ms): once per `HORIZON_READ_EVERY_MS`, not per check. */
  let horizonReadAt = Number.NEGATIVE_INFINITY;
  function refreshHorizon() {
    if (performance.now() - horizonReadAt < HORIZON_READ_EVERY_MS) return;
    horizonReadAt = performance.now();
    deps
      .horizonMinutes()
      .then((minutes) => {
        horizonMs = minutes * 60_000;
      })
      .catch(() => {});
  }

  /** After a check committed: learn every number and counter value read (never throws). */
  function observe(apiKey: number, at: Date, attributes: readonly ObservedAttribute[]): void {
    try {
      refreshHorizon();
      const atMs = at.getTime();
      for (const attribute of attributes) {
        const { rule, value } = attribute;
        if (rule.type !== 'number' && rule.type !== 'counter') continue;
        if (typeof value !== 'number' || !Number.isFinite(value)) continue;
        let row = series.rowOf(rule.series);
        if (row === undefined) {
          // Never stored a reading (a bay just added): nothing stored to rebuild from, nothing to read.
          const history = deps.rebuild !== false && rule.storedAt !== null;
          row = series.add(rule.series, rule.type === 'counter' ? 'counter' : 'gauge', apiKey, history);
          if (history) {
            series.startPending(rule.series, rule);
            rebuilder.rebuild(rule.series);
          }
        }
        if (rule.id && !series.hasAttribute(row)) series.setAttribute(row, rule.id);
        const pending = series.pending(rule.series);
        if (pending) {
          pending.rule = rule;
          if (pending.readings.length < PENDING_LIMIT) pending.readings.push([atMs, value, attribute.level]);
          continue;
        }
        learn(rule.series, row, atMs, value, attribute);
      }
      stats.observed += attributes.length;
      writer.queueWrite();
    } catch (error) {
      stats.errors++;
      deps.log.error({ err: error }, 'foresight: kunne ikke lære av sjekken');
    }
  }

  function learn(key: number, row: number, atMs: number, value: number, attribute: ObservedAttribute) {
    const state = series.state(row);
    const judged = isUnusual(state, atMs, value);
    // Unusual is for values still inside the thresholds: a warning or critical level says more already.
    const unusual = judged.unusual && attribute.level !== 'warning' && attribute.level !== 'critical';
    // The time since the value learned before (from the history, or this instance's last check).
    const gap = atMs - state.lastAtMs;
    updateSeries(state, atMs, value);
    const prediction = predictCrossing(state, atMs, thresholdsOf(attribute.rule));
    const before = series.predictedLevel(row);
    series.setPredictedLevel(row, prediction?.level ?? null);
    const changed = before !== (prediction?.level ?? null);
    if (changed) {
      stats.predictionsChanged++;
      announcer.announce(key, atMs, prediction, before, attribute.rule);
    }
    tellIncident(announcer, series, { key, row, rule: attribute.rule }, atMs, prediction, changed, horizonMs);
    writer.remember(key, row, atMs, gap, { unusual, normal: judged.normal, prediction });
  }

  async function settled(): Promise<void> {
    await rebuilder.rebuilt();
    await announcer.told();
    await writer.written();
  }

  return {
    observe,
    /**
     * What the series says in this instance (tests; `backend/bays/metrics/get` answers the stored verdict):
     * its verdict as last stored by it or read with its history (one that moved less than `moved` asks is
     * not stored again: the expected time within 10 % of the time left, the range within 10 % of its width).
     */
    of: (key: number): ForesightView => storedView(series, key),
    /**
     * Lets go of the series of APIs this instance no longer checks (decision 041: their owner is another
     * instance, which learns them). Should one come back here (a takeover after its owner died), its
     * series is rebuilt from its stored history like any series first seen. Answers the series let go.
     */
    forgetApis(apiKeys: Iterable<number>): number {
      const keys = series.keysOfApis(new Set(apiKeys));
      for (const key of keys) series.remove(key);
      stats.released += keys.length;
      return keys.length;
    },
    /** Resolves when the history reads and the announcements queued so far are done (tests). */
    settled,
    /** After the checks ended: series waiting for their history dropped, what is in hand finished. */
    async stop(): Promise<void> {
      rebuilder.abandon();
      await settled();
    },
    stats: () => ({
      ...stats,
      series: series.size,
      bytes: series.size * seriesBytes(),
    }),
  };
}

/** A series' verdict as this instance last stored it or read it with its history; nothing while it reads. */
function storedView(series: SeriesTable, key: number): ForesightView {
  const row = series.rowOf(key);
  if (row === undefined || series.pending(key)) return NO_VIEW;
  const stored = series.stored(row);
  const prediction =
    stored?.level && stored.expectedAt !== null
      ? { level: stored.level, expectedAt: stored.expectedAt, confidence: stored.confidence ?? 0 }
      : null;
  return {
    prediction: prediction ? viewOf(prediction) : null,
    unusual: stored?.unusual ?? false,
    normal:
      stored && stored.low !== null && stored.high !== null ? { low: stored.low, high: stored.high } : null,
  };
}

/**
 * The series' prediction as a cause of its bay's incident (decision 035): one within the horizon becomes a
 * cause (its level brought up to date when it is one already), and leaves the incident when it ends. One
 * that flickers (a trend just at the edge of significance) becomes a cause once per horizon.
 */
function tellIncident(
  announcer: ReturnType<typeof createAnnouncer>,
  series: SeriesTable,
  { key, row, rule }: { key: number; row: number; rule: ObservedAttribute['rule'] },
  atMs: number,
  prediction: Crossing | null,
  changed: boolean,
  horizonMs: number,
) {
  if (!prediction && series.notified(row)) {
    series.setNotified(row, false);
    announcer.ended(key, atMs, rule);
  }
  const rested = atMs - series.notifiedAt(row) >= horizonMs;
  const within = prediction !== null && prediction.expectedAt - atMs <= horizonMs;
  if (prediction && within && (series.notified(row) ? changed : rested)) {
    series.setNotified(row, true);
    series.setNotifiedAt(row, atMs);
    announcer.stands(key, atMs, prediction, rule);
  }
}
