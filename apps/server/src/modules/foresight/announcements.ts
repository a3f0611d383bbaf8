import type { Crossing } from '@vaskedrift/shared';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { recordNotificationEvents } from '../notifications';
import { type AttributeMeta, readAttributeMeta } from './foresight.repository';
import { type Entry, type ForesightStats, type ObservedAttribute, viewOf } from './series-entry';

/*
 * What the foresight tells: a prediction that appears, changes level or ends is published on the bus
 * (`bay_metric.prediction_changed`), and a crossing expected within the horizon is recorded once as a
 * `bay.prediction` notification per bay. Both run after the check, chained, with the attribute's names
 * (from the full rule, or read once for a quiet check).
 */

/** The announcer of one foresight: names of the attributes, and the bays whose prediction was told. */
export function createAnnouncer(deps: {
  db: Db;
  bus: EventBus;
  log: Logger;
  stats: ForesightStats;
  onNotificationsRecorded?: () => void;
}) {
  const meta = new Map<number, AttributeMeta>();
  /** Bays whose prediction was notified and still stands, with the series that stand. */
  const notifiedBays = new Map<string, Set<number>>();
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

  function forgetNotified(key: number, entry: Entry) {
    entry.notified = false;
    for (const [bayId, standing] of notifiedBays) {
      if (standing.delete(key) && standing.size === 0) notifiedBays.delete(bayId);
    }
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
      deps.stats.notified++;
      deps.onNotificationsRecorded?.();
    }
  }

  return {
    rememberMeta,
    forgetNotified,
    /** The series of an attribute this instance has names of. */
    keysOf(bayMetricId: string): number[] {
      return [...meta].filter(([, m]) => m.bayMetricId === bayMetricId).map(([key]) => key);
    },
    /** Drops a series' names: read again when next needed. */
    forgetMeta(key: number) {
      meta.delete(key);
    },
    /** Publishes, after the check, that the series' prediction changed from `before` to `now`. */
    announce(key: number, entry: Entry, atMs: number, now: Crossing | null, before: Crossing | null) {
      later(() => announce(key, entry, atMs, now, before));
    },
    /** Records, after the check, the bay's notification of a crossing within the horizon. */
    notify(key: number, entry: Entry, atMs: number, prediction: Crossing) {
      later(() => notify(key, entry, atMs, prediction));
    },
    /** Resolves when the announcements queued so far are done (tests). */
    told: () => background,
  };
}

function trendOf(entry: Entry): 'falling' | 'rising' | undefined {
  const { state } = entry;
  if (state.ctt <= 0) return undefined;
  return state.cty < 0 ? 'falling' : 'rising';
}
