import { updateSeries } from '@vaskedrift/shared';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { predictionStandsFor, readHistory, readVerdict } from './foresight.repository';
import {
  type ForesightStats,
  NOTHING_STORED,
  type ObservedAttribute,
  type SeriesTable,
} from './series-entry';

/** Days of stored readings a series first seen is rebuilt from (the minute rollups, then the raw readings). */
const HISTORY_DAYS = 14;

/**
 * The rebuild of series first seen from their stored readings and verdict, one at a time in the
 * background; the values the checks read meanwhile (`SeriesTable.pending`) are learned after the history.
 */
export function createRebuilder(deps: {
  db: Db;
  log: Logger;
  clock: Clock;
  series: SeriesTable;
  stats: ForesightStats;
  learn: (key: number, row: number, atMs: number, value: number, attribute: ObservedAttribute) => void;
  queueWrite: () => void;
}) {
  const rebuildQueue: number[] = [];
  let rebuilding: Promise<void> | null = null;

  function startRebuilding() {
    if (rebuilding) return;
    rebuilding = (async () => {
      while (rebuildQueue.length > 0) {
        const key = rebuildQueue.shift() as number;
        const { series } = deps;
        const row = series.rowOf(key);
        if (row === undefined) continue;
        /* A series deleted while its history is read is gone: its row may be another series' already. */
        const gone = () => series.rowOf(key) !== row;
        try {
          const until = series.pending(key)?.readings[0]?.[0] ?? deps.clock.now().getTime();
          const points = await readHistory(deps.db, {
            series: key,
            api: series.apiKey(row),
            from: new Date(until - HISTORY_DAYS * 86_400_000),
            to: new Date(until),
          });
          if (gone()) continue;
          const state = series.state(row);
          for (const [atMs, value] of points) updateSeries(state, atMs, value);
          const stored = (await readVerdict(deps.db, key)) ?? NOTHING_STORED;
          if (gone()) continue;
          series.setStored(row, stored);
          // A prediction left standing in the bay's incident before a restart ends with this series' next one.
          if (stored.level !== null) {
            const stands = await predictionStandsFor(deps.db, key);
            if (gone()) continue;
            series.setNotified(row, stands);
          }
          deps.stats.rebuilt++;
        } catch (error) {
          deps.stats.errors++;
          deps.log.warn({ err: error, series: key }, 'foresight: kunne ikke lese historikken');
        }
        if (gone()) continue;
        const pending = series.endPending(key);
        if (pending)
          for (const [atMs, value, level] of pending.readings)
            deps.learn(key, row, atMs, value, { rule: pending.rule, level, value });
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
    /**
     * Drops the series still waiting for their history (the one being read ends): at a stop after a
     * takeover thousands may wait, read one at a time for minutes. Their readings are stored; whichever
     * instance checks them next rebuilds them, as any series first seen.
     */
    abandon(): number {
      const dropped = rebuildQueue.splice(0);
      for (const key of dropped) deps.series.remove(key);
      return dropped.length;
    },
  };
}
