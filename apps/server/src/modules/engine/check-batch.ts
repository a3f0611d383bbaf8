import type { Db } from '../../db/client';
import { type CheckReadings, insertReadings } from '../readings';
import type { Evaluated } from './evaluate-rules';
import { type QuietCheck, writeQuietChecks } from './quiet-checks.repository';
import { loadRuleCoresOf, type RuleCore } from './rules.repository';
import { type CachedRule, CachedRules, createRulesInterning } from './rules-cache';

/**
 * Calls are served by one `run` over all their inputs, which answers one output per input in order (at
 * most `max` inputs a run). At most `runsAtOnce` runs at a time (default one). A call that finds a run
 * free to start waits `gatherMs` for company; the calls made while every run is under way form the next
 * run, which starts as soon as one ends — so under load a run grows with the load instead of waiting for a
 * timer (group commit). A failed run fails each of its calls.
 */
export function gathered<I, O>(
  run: (inputs: I[]) => Promise<O[]>,
  options: { gatherMs: number; max: number; runsAtOnce?: number },
): (input: I) => Promise<O> {
  const runsAtOnce = options.runsAtOnce ?? 1;
  let queue: Array<{ input: I; done: (output: O) => void; failed: (err: unknown) => void }> = [];
  let timer: NodeJS.Timeout | undefined;
  let running = 0;

  function schedule(afterRun = false) {
    if (running >= runsAtOnce || queue.length === 0) return;
    if (afterRun || queue.length >= options.max) start();
    else timer ??= setTimeout(start, options.gatherMs);
  }

  function start() {
    clearTimeout(timer);
    timer = undefined;
    const batch = queue.slice(0, options.max);
    queue = queue.slice(options.max);
    running++;
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
        running--;
        schedule(true);
      });
    // Another run may start beside this one with what is left.
    schedule();
  }

  return (input) =>
    new Promise<O>((done, failed) => {
      queue.push({ input, done, failed });
      schedule();
    });
}

/** Cached rules unused this long (an API deleted or moved to another instance) are let go. */
const RULES_IDLE_MS = 2 * 60 * 60_000;

/** Runs of a gathered call and the inputs and time they took, for the benchmark. */
export type RunStats = { runs: number; inputs: number; ms: number };

function measured<I, O>(stats: RunStats, run: (inputs: I[]) => Promise<O[]>) {
  return async (inputs: I[]) => {
    const started = performance.now();
    try {
      return await run(inputs);
    } finally {
      stats.runs++;
      stats.inputs += inputs.length;
      stats.ms += performance.now() - started;
    }
  };
}

/**
 * Quiet checks read and write together (decision 009). Rules come from this instance's cache while the
 * API's `rules_version` at the claim is the one the cache holds; the misses arriving together are read
 * in one query. The cache keeps only what a quiet check reads, an API's rules as one compact table
 * (`rules-cache.ts`: shared templates, rows in typed arrays). What the checks found is written in one transaction of two statements per run
 * (everything but the readings, then the readings), which answers each API's `rules_version` after it. A
 * check's write resolves once its run has committed, so a caller sees its check stored, as with a
 * transaction of its own.
 */
export function createCheckBatch(deps: { db: Db }) {
  const cached = new Map<string, { version: number; rules: CachedRules; usedAt: number }>();
  const interning = createRulesInterning();
  const stats = {
    rulesCached: 0,
    rulesLoaded: 0,
    /** Of `rulesLoaded`: the cache held the API's rules of another version (another party wrote since). */
    rulesStale: 0,
    /** Rules this instance's full checks left in the cache as they wrote them (`known`). */
    rulesKnown: 0,
    loads: { runs: 0, inputs: 0, ms: 0 } as RunStats,
    writes: { runs: 0, inputs: 0, ms: 0 } as RunStats,
  };
  // Idle times on the monotonic clock: a change of the wall clock neither empties nor pins the cache.
  let sweptAt = performance.now();

  const load = gathered<string, RuleCore[]>(
    measured(stats.loads, async (apiIds) => {
      const rules = await loadRuleCoresOf(deps.db, apiIds);
      return apiIds.map((id) => rules.get(id) ?? []);
    }),
    { gatherMs: 5, max: 200 },
  );

  const write = gathered<{ check: QuietCheck; readings: CheckReadings }, number | undefined>(
    measured(stats.writes, (writes) =>
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
    ),
    { gatherMs: 20, max: 500 },
  );

  function sweep(now: number) {
    if (now - sweptAt < RULES_IDLE_MS / 4) return;
    sweptAt = now;
    for (const [id, entry] of cached) if (now - entry.usedAt > RULES_IDLE_MS) cached.delete(id);
  }

  return {
    stats,
    cachedApis: () => cached.size,
    /** The API's rules as of `version` (its `rules_version` when the check was claimed). */
    async rules(apiId: string, version: number): Promise<CachedRule[]> {
      const now = performance.now();
      const entry = cached.get(apiId);
      if (entry?.version === version) {
        entry.usedAt = now;
        stats.rulesCached++;
        return entry.rules.views();
      }
      stats.rulesLoaded++;
      if (entry) stats.rulesStale++;
      const rules = new CachedRules(await load(apiId), interning);
      cached.set(apiId, { version, rules, usedAt: now });
      sweep(now);
      return rules.views();
    },
    /**
     * The API's rules as this instance's full check left them at `version` (`rulesAfterCheck`): its next
     * quiet check finds them here rather than reading them again for a version it wrote itself. Never puts
     * back an older version than the cache holds.
     */
    known(apiId: string, version: number, rules: readonly RuleCore[]) {
      const entry = cached.get(apiId);
      if (entry && entry.version >= version) return;
      cached.set(apiId, { version, rules: new CachedRules(rules, interning), usedAt: performance.now() });
      stats.rulesKnown++;
    },
    /** Lets go of the rules of APIs this instance no longer checks (decision 041). */
    forget(apiIds: Iterable<string>) {
      for (const id of apiIds) cached.delete(id);
    },
    /**
     * Writes a quiet check evaluated on the rules of `version`; `stored` are its evaluations whose reading
     * it stores. When the write moved the API's version on by exactly one (no other write came between),
     * the cached rules take what was written and stay good; otherwise they are dropped and the next check
     * reads them again.
     */
    async write(
      version: number,
      check: QuietCheck,
      readings: CheckReadings,
      stored: Evaluated<CachedRule>[],
    ): Promise<void> {
      const after = await write({ check, readings });
      const entry = cached.get(check.apiId);
      if (!entry) return;
      if (entry.version !== version || after !== version + 1) {
        cached.delete(check.apiId);
        return;
      }
      entry.version = after;
      for (const e of stored) {
        if (e.rule.table === entry.rules) e.rule.stored(e.value, check.at, e.level, e.reason);
      }
    },
  };
}
