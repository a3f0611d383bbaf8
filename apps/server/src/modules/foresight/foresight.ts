import {
  type AttributeLevel,
  type AttributeValue,
  type Crossing,
  type CrossingThresholds,
  convertThreshold,
  createSeries,
  isUnusual,
  type Operator,
  predictCrossing,
  type SeriesState,
  seriesBytes,
  updateSeries,
  type ValueType,
} from '@vaskedrift/shared';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { type Clock, systemClock } from '../../lib/clock';
import { recordNotificationEvents } from '../notifications';
import {
  type AttributeMeta,
  readAttributeMeta,
  readHistory,
  readVerdict,
  type StoredVerdict,
  type VerdictWrite,
  writeVerdicts,
} from './foresight.repository';

/*
 * The server's foresight (docs/domain.md, Foresight; decision 035): one model series (`@vaskedrift/shared`
 * foresight) per number or counter bay attribute, in memory, fed after each check has committed with the
 * values it read. A series first seen is rebuilt from its stored readings in the background (the checks'
 * values meanwhile wait in a short list and are learned after the history). What a series says now —
 * prediction, unusual, normal range — is answered by `of(series)` with the attribute; a prediction that
 * appears, changes level or disappears is published on the bus (`bay_metric.prediction_changed`), and a
 * crossing expected within the horizon is recorded once as a `bay.prediction` notification per bay.
 * What a series says is also stored (`bay_metric_foresight`), so every instance answers it with the attribute:
 * a verdict is written only when it changed enough (`moved`), the changes of one check in one statement, in
 * the background.
 * Nothing here may fail or slow a check: `observe` is synchronous, O(1) per value, and catches everything.
 */

/** What a check read of one attribute: its rule (as the engine has it) and the value and level found. */
export type ObservedAttribute = {
  rule: {
    series: number;
    type: ValueType | 'counter';
    operator: Operator;
    thresholdWarning: string;
    thresholdCritical: string;
    /** Present when the engine read the full rule (not a quiet check): names for events without a query. */
    id?: string;
    bayId?: string;
    bayName?: string;
    locationId?: string;
    locationName?: string;
    displayName?: string;
    unit?: string | null;
    /**
     * When the attribute's reading was last stored, before this check. Null: it has never stored one, so
     * it has no history to rebuild (a bay just added); absent: not known, the history is read.
     */
    storedAt?: Date | null;
  };
  level: AttributeLevel;
  value: AttributeValue | null;
};

export type ForesightView = {
  prediction: { level: 'warning' | 'critical'; expectedAt: string; confidence: number } | null;
  unusual: boolean;
  normal: { low: number; high: number } | null;
};

const NO_VIEW: ForesightView = { prediction: null, unusual: false, normal: null };

type Entry = {
  state: SeriesState;
  apiKey: number;
  /**
   * While the history is being read: the checks' times, values and levels since, learned after it with
   * the rule last seen (`rule`), so a pending value keeps no check's rule objects alive.
   */
  pending: Array<[number, number, AttributeLevel]> | null;
  rule: ObservedAttribute['rule'] | null;
  prediction: Crossing | null;
  /** When the current prediction's level appeared (the notification's dedupe key). */
  since: number;
  unusual: boolean;
  normal: { low: number; high: number } | null;
  lastValue: number | null;
  notified: boolean;
  /** When this series last recorded a notification (ms); a prediction that comes back sooner is not told. */
  notifiedAt: number;
  /** The verdict last stored (by this instance, or read with the history); undefined: not known, write. */
  stored: StoredVerdict | undefined;
  /** When this instance last learned a value of the series, and the shortest time between two (ms). */
  seenAt: number;
  minGap: number;
};

/** No row: nothing predicted, nothing unusual, no normal range yet. */
const NOTHING_STORED: StoredVerdict = {
  level: null,
  expectedAt: null,
  confidence: null,
  unusual: false,
  low: null,
  high: null,
};

/**
 * Whether the verdict moved enough to be written again: the level or the unusual mark changed, the
 * expected time moved more than 10 % of the time that was left, the confidence by 0.1 or more, or a bound
 * of the normal range by more than 10 % of its width. Smaller moves are left: the stored one still says it.
 */
function moved(stored: StoredVerdict | undefined, now: StoredVerdict, atMs: number): boolean {
  if (!stored) return true;
  if (stored.level !== now.level || stored.unusual !== now.unusual) return true;
  if (stored.expectedAt !== null && now.expectedAt !== null) {
    const left = Math.max(stored.expectedAt - atMs, 60_000);
    if (Math.abs(now.expectedAt - stored.expectedAt) > 0.1 * left) return true;
    if (Math.abs((now.confidence ?? 0) - (stored.confidence ?? 0)) >= 0.1) return true;
  }
  if ((stored.low === null) !== (now.low === null) || (stored.high === null) !== (now.high === null))
    return true;
  if (stored.low !== null && stored.high !== null && now.low !== null && now.high !== null) {
    const width = Math.max(stored.high - stored.low, Math.abs(stored.high) * 0.01, 1e-9);
    if (Math.abs(now.low - stored.low) > 0.1 * width || Math.abs(now.high - stored.high) > 0.1 * width) {
      return true;
    }
  }
  return false;
}

/** A learned gap this many times the shortest: checks of the series ran elsewhere, its stored verdict too. */
const MISSED_CHECKS_FACTOR = 2.5;

/** Days of stored readings a series first seen is rebuilt from (the minute rollups, then the raw readings). */
const HISTORY_DAYS = 14;
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
  const clock = deps.clock ?? systemClock;
  const series = new Map<number, Entry>();
  const meta = new Map<number, AttributeMeta>();
  /** Bays whose prediction was notified and still stands, with the series that stand. */
  const notifiedBays = new Map<string, Set<number>>();
  const rebuildQueue: number[] = [];
  let rebuilding: Promise<void> | null = null;
  let horizonMs = 60 * 60_000;
  let background = Promise.resolve();
  /** Verdicts that changed since the last write, by series, with their check's time; written together after the check. */
  const unwritten = new Map<number, VerdictWrite>();
  let writeQueued = false;
  /** The writes, chained apart from the announcements so a slow notification never holds a verdict back. */
  let writing = Promise.resolve();
  const stats = {
    observed: 0,
    rebuilt: 0,
    predictionsChanged: 0,
    notified: 0,
    errors: 0,
    verdictsWritten: 0,
    verdictWrites: 0,
  };

  // A deleted attribute's series goes; a changed one's names are read again when next needed.
  function keysOf(bayMetricId: string): number[] {
    return [...meta].filter(([, m]) => m.bayMetricId === bayMetricId).map(([key]) => key);
  }
  deps.bus.on('bay_metric.deleted', ({ bayMetricId }) => {
    for (const key of keysOf(bayMetricId)) {
      const entry = series.get(key);
      if (entry?.notified) forgetNotified(key, entry);
      series.delete(key);
      meta.delete(key);
    }
  });
  deps.bus.on('bay_metric.updated', ({ bayMetricId }) => {
    for (const key of keysOf(bayMetricId)) meta.delete(key);
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
        if (rule.id && rule.bayId && rule.locationId) rememberMeta(rule.series, rule);
        let entry = series.get(rule.series);
        if (!entry) {
          // Never stored a reading (a bay just added): nothing stored to rebuild from, nothing to read.
          const history = deps.rebuild !== false && rule.storedAt !== null;
          entry = newEntry(rule.type === 'counter' ? 'counter' : 'gauge', apiKey, history);
          series.set(rule.series, entry);
          if (history) {
            entry.pending = [];
            rebuildQueue.push(rule.series);
            startRebuilding();
          }
        }
        if (entry.pending) {
          entry.rule = rule;
          if (entry.pending.length < PENDING_LIMIT) entry.pending.push([atMs, value, attribute.level]);
          continue;
        }
        learn(rule.series, entry, atMs, value, attribute);
      }
      stats.observed += attributes.length;
      queueWrite();
    } catch (error) {
      stats.errors++;
      deps.log.error({ err: error }, 'foresight: kunne ikke lære av sjekken');
    }
  }

  function newEntry(kind: 'gauge' | 'counter', apiKey: number, history: boolean): Entry {
    return {
      state: createSeries(kind),
      apiKey,
      pending: null,
      rule: null,
      prediction: null,
      since: 0,
      unusual: false,
      normal: null,
      lastValue: null,
      notified: false,
      notifiedAt: Number.NEGATIVE_INFINITY,
      stored: history ? undefined : NOTHING_STORED,
      seenAt: Number.NaN,
      minGap: Number.POSITIVE_INFINITY,
    };
  }

  function learn(key: number, entry: Entry, atMs: number, value: number, attribute: ObservedAttribute) {
    const judged = isUnusual(entry.state, atMs, value);
    // Unusual is for values still inside the thresholds: a warning or critical level says more already.
    entry.unusual = judged.unusual && attribute.level !== 'warning' && attribute.level !== 'critical';
    entry.normal = judged.normal;
    entry.lastValue = value;
    updateSeries(entry.state, atMs, value);
    const prediction = predictCrossing(entry.state, atMs, thresholdsOf(attribute.rule));
    const before = entry.prediction;
    entry.prediction = prediction;
    if ((before?.level ?? null) !== (prediction?.level ?? null)) {
      entry.since = atMs;
      stats.predictionsChanged++;
      // Told, it stays told while it stands; ended, or worsened to critical, it may be told again.
      const lessened = before?.level === 'critical' && prediction?.level === 'warning';
      if (before && entry.notified && !lessened) forgetNotified(key, entry);
      later(() => announce(key, entry, atMs, prediction, before));
    }
    // A prediction that flickers (a trend just at the edge of significance) is told once per horizon.
    const rested = atMs - entry.notifiedAt >= horizonMs;
    if (prediction && !entry.notified && rested && prediction.expectedAt - atMs <= horizonMs) {
      entry.notified = true;
      entry.notifiedAt = atMs;
      later(() => notify(key, entry, atMs, prediction));
    }
    remember(key, entry, atMs);
  }

  /** Keeps the verdict to write when it moved from the stored one (or another instance may have stored one). */
  function remember(key: number, entry: Entry, atMs: number) {
    const gap = atMs - entry.seenAt;
    if (gap > 0) {
      if (gap > MISSED_CHECKS_FACTOR * entry.minGap) entry.stored = undefined;
      entry.minGap = Math.min(entry.minGap, gap);
    }
    entry.seenAt = atMs;
    const now: StoredVerdict = {
      level: entry.prediction?.level ?? null,
      expectedAt: entry.prediction?.expectedAt ?? null,
      confidence: entry.prediction?.confidence ?? null,
      unusual: entry.unusual,
      low: entry.normal?.low ?? null,
      high: entry.normal?.high ?? null,
    };
    if (!moved(entry.stored, now, atMs)) return;
    entry.stored = now;
    unwritten.set(key, [key, now, atMs]);
  }

  /** One write of the verdicts that changed, after the check; a failed one is written again next time. */
  function queueWrite() {
    if (writeQueued || unwritten.size === 0) return;
    writeQueued = true;
    writing = writing.then(async () => {
      writeQueued = false;
      const verdicts = [...unwritten.values()];
      unwritten.clear();
      try {
        await writeVerdicts(deps.db, verdicts);
        stats.verdictWrites++;
        stats.verdictsWritten += verdicts.length;
      } catch (error) {
        stats.errors++;
        for (const [key] of verdicts) {
          const entry = series.get(key);
          if (entry) entry.stored = undefined;
        }
        deps.log.error({ err: error }, 'foresight: kunne ikke lagre det forventede');
      }
    });
  }

  function forgetNotified(key: number, entry: Entry) {
    entry.notified = false;
    for (const [bayId, standing] of notifiedBays) {
      if (standing.delete(key) && standing.size === 0) notifiedBays.delete(bayId);
    }
  }

  /** Work after the check (a query for names, a notification): chained, errors logged and swallowed. */
  function later(work: () => Promise<void>) {
    background = background.then(work).catch((error) => {
      stats.errors++;
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

  async function announce(
    key: number,
    entry: Entry,
    atMs: number,
    now: Crossing | null,
    before: Crossing | null,
  ) {
    const m = await metaOf(key);
    if (!m) return;
    deps.bus.publish('bay_metric.prediction_changed', {
      bayMetricId: m.bayMetricId,
      bayId: m.bayId,
      locationId: m.locationId,
      attributeName: m.attributeName,
      from: before?.level ?? null,
      prediction: now ? viewOf(now) : null,
      value: entry.lastValue,
      at: new Date(atMs),
    });
  }

  async function notify(key: number, entry: Entry, atMs: number, prediction: Crossing) {
    const m = await metaOf(key);
    if (!m) return;
    // One bay, one message: another attribute of the bay already told a prediction that still stands.
    const standing = notifiedBays.get(m.bayId);
    const alreadyTold = standing !== undefined && standing.size > 0;
    if (standing) standing.add(key);
    else notifiedBays.set(m.bayId, new Set([key]));
    if (alreadyTold) return;
    const ids = await recordNotificationEvents(deps.db, [
      {
        type: 'bay.prediction',
        tag: 'prediction',
        dedupeKey: `bay.prediction:${m.bayMetricId}:${prediction.level}:${entry.since}`,
        locationIds: [m.locationId],
        bayIds: [m.bayId],
        payload: {
          ...m,
          level: prediction.level,
          value: entry.lastValue,
          expectedAt: new Date(prediction.expectedAt).toISOString(),
          confidence: prediction.confidence,
          direction: trendOf(entry) ?? null,
          at: new Date(atMs).toISOString(),
        },
        suppressible: true,
      },
    ]);
    if (ids.length > 0) {
      stats.notified++;
      deps.onNotificationsRecorded?.();
    }
  }

  function trendOf(entry: Entry): 'falling' | 'rising' | undefined {
    const { state } = entry;
    if (state.ctt <= 0) return undefined;
    return state.cty < 0 ? 'falling' : 'rising';
  }

  function startRebuilding() {
    if (rebuilding) return;
    rebuilding = (async () => {
      while (rebuildQueue.length > 0) {
        const key = rebuildQueue.shift() as number;
        const entry = series.get(key);
        if (!entry) continue;
        try {
          const until = entry.pending?.[0]?.[0] ?? clock.now().getTime();
          const points = await readHistory(deps.db, {
            series: key,
            api: entry.apiKey,
            from: new Date(until - HISTORY_DAYS * 86_400_000),
            to: new Date(until),
          });
          for (const [atMs, value] of points) updateSeries(entry.state, atMs, value);
          entry.stored = (await readVerdict(deps.db, key)) ?? NOTHING_STORED;
          stats.rebuilt++;
        } catch (error) {
          stats.errors++;
          deps.log.warn({ err: error, series: key }, 'foresight: kunne ikke lese historikken');
        }
        const pending = entry.pending ?? [];
        const rule = entry.rule;
        entry.pending = null;
        entry.rule = null;
        if (rule)
          for (const [atMs, value, level] of pending) learn(key, entry, atMs, value, { rule, level, value });
        queueWrite();
      }
      rebuilding = null;
    })();
  }

  return {
    observe,
    /** What the series says now in this instance (`backend/bays/metrics/get` answers the stored verdict). */
    of(key: number): ForesightView {
      const entry = series.get(key);
      if (!entry || entry.pending) return NO_VIEW;
      return {
        prediction: entry.prediction ? viewOf(entry.prediction) : null,
        unusual: entry.unusual,
        normal: entry.normal,
      };
    },
    /** Resolves when the history reads and the announcements queued so far are done (tests). */
    async settled(): Promise<void> {
      while (rebuilding) await rebuilding;
      await background;
      await writing;
    },
    stats: () => ({
      ...stats,
      series: series.size,
      bytes: [...series.values()].reduce((sum, e) => sum + seriesBytes(e.state), 0),
    }),
  };
}

function viewOf(crossing: Crossing) {
  return {
    level: crossing.level,
    expectedAt: new Date(crossing.expectedAt).toISOString(),
    confidence: crossing.confidence,
  };
}

/**
 * Converted thresholds by operator and threshold text, shared: most attributes share theirs, so a check
 * converts none and the memory does not grow with the attributes (started over past `THRESHOLDS_KEPT`).
 */
const THRESHOLDS_KEPT = 10_000;
const convertedThresholds = new Map<string, CrossingThresholds>();
function thresholdsOf(rule: ObservedAttribute['rule']): CrossingThresholds {
  const key = `${rule.operator}\u0000${rule.thresholdWarning}\u0000${rule.thresholdCritical}`;
  let thresholds = convertedThresholds.get(key);
  if (!thresholds) {
    if (convertedThresholds.size >= THRESHOLDS_KEPT) convertedThresholds.clear();
    thresholds = convertThresholds(rule);
    convertedThresholds.set(key, thresholds);
  }
  return thresholds;
}

function convertThresholds(rule: ObservedAttribute['rule']): CrossingThresholds {
  const threshold = (raw: string) => {
    const converted = convertThreshold(raw, 'number');
    return converted.ok && typeof converted.value === 'number'
      ? { op: rule.operator, value: converted.value }
      : null;
  };
  return { warning: threshold(rule.thresholdWarning), critical: threshold(rule.thresholdCritical) };
}
