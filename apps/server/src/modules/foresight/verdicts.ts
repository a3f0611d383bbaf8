import type { Crossing } from '@vaskedrift/shared';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { type StoredVerdict, type VerdictWrite, writeVerdicts } from './foresight.repository';
import type { ForesightStats, SeriesTable } from './series-entry';

/*
 * The stored verdicts (`bay_metric_foresight`): a series' verdict is kept for writing only when it moved
 * enough from the one last stored, and the verdicts a check changed are written in one statement after it,
 * in the background, chained apart from the announcements so a slow notification never holds one back.
 */

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

/** What the value just learned was judged: unusual (inside the thresholds), its slot's normal range, the prediction. */
type Judged = {
  unusual: boolean;
  normal: { low: number; high: number } | null;
  prediction: Crossing | null;
};

/** A learned gap this many times the shortest: checks of the series ran elsewhere, its stored verdict too. */
const MISSED_CHECKS_FACTOR = 2.5;

/** The verdict writer of one foresight: `remember` after each learned value, `queueWrite` after the check. */
export function createVerdictWriter(deps: {
  db: Db;
  log: Logger;
  series: SeriesTable;
  stats: ForesightStats;
}) {
  /**
   * Series whose verdict changed since the last write, once each (the row's `queued` mark): the verdict
   * written is the one stored in the row then, with its check's time, so a later change of the same series
   * replaces it and nothing but the series number is kept per change.
   */
  let unwritten: number[] = [];
  let writeQueued = false;
  let writing = Promise.resolve();

  /** Keeps the verdict to write when it moved from the stored one (or another instance may have stored one). */
  function remember(key: number, row: number, atMs: number, gap: number, judged: Judged) {
    const { series } = deps;
    let minGap = series.minGap(row);
    if (gap > 0) {
      if (gap > MISSED_CHECKS_FACTOR * minGap) series.setStored(row, undefined);
      minGap = Math.min(minGap, gap);
    }
    series.setMinGap(row, minGap);
    const { prediction } = judged;
    const now: StoredVerdict = {
      level: prediction?.level ?? null,
      expectedAt: prediction?.expectedAt ?? null,
      confidence: prediction?.confidence ?? null,
      unusual: judged.unusual,
      low: judged.normal?.low ?? null,
      high: judged.normal?.high ?? null,
    };
    if (!moved(series.stored(row), now, atMs)) return;
    series.setStored(row, now);
    if (!series.queued(row)) unwritten.push(key);
    series.setQueued(row, true, atMs);
  }

  /** The verdicts of the series queued (each once: a series removed and added again may be listed twice). */
  function take(): VerdictWrite[] {
    const { series } = deps;
    const verdicts: VerdictWrite[] = [];
    for (const key of unwritten) {
      const row = series.rowOf(key);
      if (row === undefined || !series.queued(row)) continue;
      series.setQueued(row, false);
      const verdict = series.stored(row);
      if (verdict) verdicts.push([key, verdict, series.verdictAt(row)]);
    }
    unwritten = [];
    return verdicts;
  }

  /** One write of the verdicts that changed, after the check; a failed one is written again next time. */
  function queueWrite() {
    if (writeQueued || unwritten.length === 0) return;
    writeQueued = true;
    writing = writing.then(async () => {
      writeQueued = false;
      const verdicts = take();
      if (verdicts.length === 0) return;
      try {
        await writeVerdicts(deps.db, verdicts);
        deps.stats.verdictWrites++;
        deps.stats.verdictsWritten += verdicts.length;
      } catch (error) {
        deps.stats.errors++;
        for (const [key] of verdicts) {
          const row = deps.series.rowOf(key);
          // Not known as stored; one queued again meanwhile is written with the next write anyway.
          if (row !== undefined && !deps.series.queued(row)) deps.series.setStored(row, undefined);
        }
        deps.log.error({ err: error }, 'foresight: kunne ikke lagre det forventede');
      }
    });
  }

  return {
    remember,
    queueWrite,
    /** Resolves when the writes queued so far are done (tests). */
    written: () => writing,
  };
}
