import { updateSeries } from '@vaskedrift/shared';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { predictionStandsFor, readHistory, readVerdict } from './foresight.repository';
import { type Entry, type ForesightStats, NOTHING_STORED, type ObservedAttribute } from './series-entry';

/** Days of stored readings a series first seen is rebuilt from (the minute rollups, then the raw readings). */
const HISTORY_DAYS = 14;

/**
 * The rebuild of series first seen from their stored readings and verdict, one at a time in the
 * background; the values the checks read meanwhile (`entry.pending`) are learned after the history.
 */
export function createRebuilder(deps: {
  db: Db;
  log: Logger;
  clock: Clock;
  series: ReadonlyMap<number, Entry>;
  stats: ForesightStats;
  learn: (key: number, entry: Entry, atMs: number, value: number, attribute: ObservedAttribute) => void;
  queueWrite: () => void;
}) {
  const rebuildQueue: number[] = [];
  let rebuilding: Promise<void> | null = null;

  function startRebuilding() {
    if (rebuilding) return;
    rebuilding = (async () => {
      while (rebuildQueue.length > 0) {
        const key = rebuildQueue.shift() as number;
        const entry = deps.series.get(key);
        if (!entry) continue;
        try {
          const until = entry.pending?.[0]?.[0] ?? deps.clock.now().getTime();
          const points = await readHistory(deps.db, {
            series: key,
            api: entry.apiKey,
            from: new Date(until - HISTORY_DAYS * 86_400_000),
            to: new Date(until),
          });
          for (const [atMs, value] of points) updateSeries(entry.state, atMs, value);
          entry.stored = (await readVerdict(deps.db, key)) ?? NOTHING_STORED;
          // A prediction left standing in the bay's incident before a restart ends with this series' next one.
          if (entry.stored.level !== null) entry.notified = await predictionStandsFor(deps.db, key);
          deps.stats.rebuilt++;
        } catch (error) {
          deps.stats.errors++;
          deps.log.warn({ err: error, series: key }, 'foresight: kunne ikke lese historikken');
        }
        const pending = entry.pending ?? [];
        const rule = entry.rule;
        entry.pending = null;
        entry.rule = null;
        if (rule)
          for (const [atMs, value, level] of pending)
            deps.learn(key, entry, atMs, value, { rule, level, value });
        deps.queueWrite();
      }
      rebuilding = null;
    })();
  }

  return {
    /** Reads the series' history after the ones queued before it. */
    rebuild(key: number) {
      rebuildQueue.push(key);
      startRebuilding();
    },
    /** Resolves when no history is being read (tests). */
    async rebuilt(): Promise<void> {
      while (rebuilding) await rebuilding;
    },
  };
}
