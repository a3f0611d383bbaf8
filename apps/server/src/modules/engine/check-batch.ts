import type { Db } from '../../db/client';
import { type CheckReadings, insertReadings } from '../readings';
import { loadRulesOf, type QuietCheck, type Rule, writeQuietChecks } from './engine.repository';

/**
 * Calls are served by one `run` over all their inputs, which answers one output per input in order (at
 * most `max` inputs a run). One run at a time. A call that finds nothing under way waits `gatherMs` for
 * company; the calls made while a run is under way form the next run, which starts as soon as it ends —
 * so under load a run grows with the load instead of waiting for a timer (group commit). A failed run
 * fails each of its calls.
 */
export function gathered<I, O>(
  run: (inputs: I[]) => Promise<O[]>,
  options: { gatherMs: number; max: number },
): (input: I) => Promise<O> {
  let queue: Array<{ input: I; done: (output: O) => void; failed: (err: unknown) => void }> = [];
  let timer: NodeJS.Timeout | undefined;
  let running = false;

  function schedule(afterRun = false) {
    if (running || queue.length === 0) return;
    if (afterRun || queue.length >= options.max) start();
    else timer ??= setTimeout(start, options.gatherMs);
  }

  function start() {
    clearTimeout(timer);
    timer = undefined;
    const batch = queue.slice(0, options.max);
    queue = queue.slice(options.max);
    running = true;
    run(batch.map((c) => c.input))
      .then(
        (outputs) => {
          for (const [i, c] of batch.entries()) c.done(outputs[i] as O);
        },
        (err: unknown) => {
          for (const c of batch) c.failed(err);
        },
      )
      .finally(() => {
        running = false;
        schedule(true);
      });
  }

  return (input) =>
    new Promise<O>((done, failed) => {
      queue.push({ input, done, failed });
      schedule();
    });
}

/** Cached rules unused this long (an API deleted or moved to another instance) are let go. */
const RULES_IDLE_MS = 2 * 60 * 60_000;

/**
 * Quiet checks read and write together (decision 009). Rules come from this instance's cache while the
 * API's `rules_version` at the claim is the one the cache holds; the misses of a turn are read in one
 * query. What the checks found is written in one transaction of two statements per run (everything but
 * the readings, then the readings), which answers each API's `rules_version` after it. A check's write
 * resolves once its run has committed, so a caller sees its check stored, as with a transaction of its
 * own.
 */
export function createCheckBatch(deps: { db: Db }) {
  const cached = new Map<string, { version: number; rules: Rule[]; usedAt: number }>();
  const stats = { rulesCached: 0, rulesLoaded: 0 };
  let sweptAt = Date.now();

  const load = gathered<string, Rule[]>(
    async (apiIds) => {
      const rules = await loadRulesOf(deps.db, apiIds);
      return apiIds.map((id) => rules.get(id) ?? []);
    },
    { gatherMs: 5, max: 200 },
  );

  const write = gathered<{ check: QuietCheck; readings: CheckReadings }, number | undefined>(
    (writes) =>
      deps.db.transaction(async (tx) => {
        const versions = await writeQuietChecks(
          tx,
          writes.map((w) => w.check),
        );
        await insertReadings(
          tx,
          writes.map((w) => w.readings),
        );
        return writes.map((w) => versions.get(w.check.apiId));
      }),
    { gatherMs: 20, max: 500 },
  );

  function sweep(now: number) {
    if (now - sweptAt < RULES_IDLE_MS / 4) return;
    sweptAt = now;
    for (const [id, entry] of cached) if (now - entry.usedAt > RULES_IDLE_MS) cached.delete(id);
  }

  return {
    stats,
    /** The API's rules as of `version` (its `rules_version` when the check was claimed). */
    async rules(apiId: string, version: number): Promise<Rule[]> {
      const now = Date.now();
      const entry = cached.get(apiId);
      if (entry?.version === version) {
        entry.usedAt = now;
        stats.rulesCached++;
        return entry.rules;
      }
      stats.rulesLoaded++;
      const rules = await load(apiId);
      cached.set(apiId, { version, rules, usedAt: now });
      sweep(now);
      return rules;
    },
    /**
     * Writes a quiet check based on the rules of `version`. When its write moved the API's version on by
     * exactly one (no other write came between), `stored` brings the cached rules up to what was written
     * and they stay good; otherwise they are dropped and the next check reads them again.
     */
    async write(
      version: number,
      check: QuietCheck,
      readings: CheckReadings,
      stored: () => void,
    ): Promise<void> {
      const after = await write({ check, readings });
      const entry = cached.get(check.apiId);
      if (!entry) return;
      if (entry.version === version && after === version + 1) {
        stored();
        entry.version = after;
      } else {
        cached.delete(check.apiId);
      }
    },
  };
}
