import { extractRecords } from '@vaskedrift/shared';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { type Clock, systemClock } from '../../lib/clock';
import { publishAlerts } from '../alerts';
import { publishStatusChanges } from '../bays';
import { type AppliedCheck, applyChecks, type FullCheck } from './check-apply';
import { createCheckBatch, gathered, type RunStats } from './check-batch';
import {
  type ApiRef,
  attributeResultsOf,
  type CheckOutcome,
  type CheckSource,
  checkLogRow,
  readingOf,
  storedOf,
} from './check-plan';
import { type Evaluated, evaluateRules } from './evaluate-rules';
import type { RuleCore } from './rules.repository';
import { rulesAfterCheck } from './rules-cache';

/**
 * Called after a check's writes committed with every attribute as evaluated (foresight learns the values).
 * Synchronous and must not throw; a throw is logged and the check goes on.
 */
export type OnEvaluated = (apiKey: number, at: Date, evaluated: readonly Evaluated<RuleCore>[]) => void;

export type { CheckOutcome };

export type ProcessedCheck = {
  records: number | null;
  attributes: number;
  transitions: number;
  statusChanges: number;
  consecutiveFailures: number;
};

/**
 * Check transactions at once per instance. With the quiet checks' read and write (`check-batch.ts`, one
 * connection each), the scheduler's claim and the readings rollup they fill `ENGINE_POOL_SIZE`, so 50
 * checks in flight never make a claim wait.
 */
const TRANSACTIONS_AT_ONCE = 6;
/**
 * Checks that are not quiet in one transaction at most, applied together (decision 009): the first round
 * after a bulk add is thousands of them, and a transaction (with its commit) and ten statements per check
 * were most of its cost.
 */
const FULL_CHECKS_PER_TRANSACTION = 25;

/**
 * The connections of the engine's own pool (decision 029): the check transactions, the quiet checks' read
 * and write, the claim and the readings rollup. API requests use another pool and can never take them.
 */
export const ENGINE_POOL_SIZE = TRANSACTIONS_AT_ONCE + 4;

/** A success is written to the check log at most this often per API (all failures are, decision 009). */
const OK_LOG_EVERY_MS = 5 * 60_000;

type FullAttempt = { applied: AppliedCheck } | { failed: unknown };

/**
 * The full checks gathered like the quiet writes (up to `TRANSACTIONS_AT_ONCE` transactions at once),
 * each transaction applying its checks together (`applyChecks`) in API id order. A transaction that fails
 * (one check's error, or a deadlock on bays with another instance) applies its checks again one per
 * transaction, so a check fails only for its own reason.
 */
function gatherFullChecks(db: Db, heartbeatMs: number, stats: RunStats) {
  return gathered<FullCheck, FullAttempt>(
    async (checks) => {
      const started = performance.now();
      stats.runs++;
      stats.inputs += checks.length;
      try {
        const idOf = (i: number) => checks[i]?.api.id ?? '';
        // Stable: two checks of one API (a poll and a push) keep the order they came in.
        const order = checks
          .map((_, i) => i)
          .sort((a, b) => (idOf(a) < idOf(b) ? -1 : idOf(a) > idOf(b) ? 1 : 0));
        const applied = await db.transaction((tx) =>
          applyChecks(
            tx,
            order.map((i) => checks[i] as FullCheck),
            heartbeatMs,
          ),
        );
        const attempts: FullAttempt[] = [];
        order.forEach((i, n) => {
          attempts[i] = { applied: applied[n] as AppliedCheck };
        });
        return attempts;
      } catch (err) {
        if (checks.length === 1) return [{ failed: err }];
        const attempts: FullAttempt[] = [];
        for (const check of checks) {
          try {
            const [applied] = await db.transaction((tx) => applyChecks(tx, [check], heartbeatMs));
            attempts.push({ applied: applied as AppliedCheck });
          } catch (failed) {
            attempts.push({ failed });
          }
        }
        return attempts;
      } finally {
        stats.ms += performance.now() - started;
      }
    },
    { gatherMs: 5, max: FULL_CHECKS_PER_TRANSACTION, runsAtOnce: TRANSACTIONS_AT_ONCE },
  );
}

/** A full check's events, published after its commit. */
function announce(
  deps: { bus: EventBus; log: Logger; onNotificationsRecorded: () => void },
  api: ApiRef,
  outcome: CheckOutcome,
  threshold: number,
  applied: AppliedCheck,
) {
  const { events } = applied.plan;
  for (const change of events.levelChanged) deps.bus.publish('bay_metric.level_changed', change);
  publishStatusChanges(deps.bus, applied.statusChanges);
  publishAlerts(deps.bus, applied.alerts);
  if (applied.recorded > 0) deps.onNotificationsRecorded();
  if (!outcome.ok && events.checkFailed) {
    const failures = events.checkFailed.consecutiveFailures;
    // The first failure and the one that reaches the threshold are warnings; the rest, every 30 s while
    // a controller is down, would drown the log and are in the API's check log anyway.
    const level = failures === 1 || failures === threshold ? 'warn' : 'debug';
    deps.log[level](
      { apiId: api.id, api: api.name, code: outcome.code, failures, threshold },
      `sjekk av «${api.name}» feilet (${failures} på rad): ${outcome.error}`,
    );
    deps.bus.publish('api.check_failed', events.checkFailed);
  }
  if (events.recovered) deps.bus.publish('api.recovered', events.recovered);
}

/**
 * Turns one check's outcome into stored state: a quiet check in a batch with others (`check-batch.ts`),
 * any other as a plan, then its writes (`check-apply.ts`, `check-plan.ts`), in a transaction shared with
 * the other such checks arriving together (`FULL_CHECKS_PER_TRANSACTION`). Events are published only after
 * the commit, and `onNotificationsRecorded` is called then when there are new notification events.
 */
export function createCheckProcessor(deps: {
  db: Db;
  bus: EventBus;
  log: Logger;
  heartbeatMs: number;
  /** The failure threshold of an API without its own (system settings). */
  failureThreshold: () => Promise<number>;
  onNotificationsRecorded: () => void;
  /** The time of a check's readings, levels and alerts (escalation counts from it: decision 030). */
  clock?: Clock;
  onEvaluated?: OnEvaluated;
}) {
  const clock = deps.clock ?? systemClock;
  const lastOkLogged = new Map<string, number>();
  const batch = createCheckBatch({ db: deps.db });
  /** The full checks' transactions, for the benchmark. */
  const transactions: RunStats = { runs: 0, inputs: 0, ms: 0 };
  const applyFull = gatherFullChecks(deps.db, deps.heartbeatMs, transactions);
  /** Checks written in a quiet batch, and in a shared transaction. */
  const counts = { quiet: 0, full: 0 };

  async function process(api: ApiRef, outcome: CheckOutcome, source: CheckSource): Promise<ProcessedCheck> {
    const at = clock.now();
    const threshold = api.details.failureThreshold ?? (await deps.failureThreshold());
    const records = outcome.ok ? extractRecords(outcome.json, api.details.recordsPath || null) : null;
    // An API's first success sets every level: the full transaction at once, without first reading its
    // rules into the cache only to find the check is not quiet (a bulk add's first round, issue 28).
    if (source === 'poll' && outcome.ok && api.consecutiveFailures === 0 && api.lastSuccessAt !== null) {
      const quiet = await processQuietly(api, outcome, records, at);
      if (quiet) {
        counts.quiet++;
        return quiet;
      }
    }
    counts.full++;
    // Asked once: a check applied again alone (its shared transaction failed) is logged as it was planned.
    let logDue: boolean | undefined;
    const attempt = await applyFull({
      api,
      outcome,
      source,
      records,
      at,
      threshold,
      logDue: () => {
        logDue ??= shouldLogSuccess(api.id, at.getTime());
        return logDue;
      },
    });
    if ('failed' in attempt) throw attempt.failed;
    const { applied } = attempt;
    // This instance wrote the rules' new version: its next quiet check need not read them (issue 28).
    if (source === 'poll' && applied.rulesVersion !== undefined && applied.evaluated.length > 0)
      batch.known(
        api.id,
        applied.rulesVersion,
        rulesAfterCheck(
          applied.evaluated.map((e) => e.rule),
          applied.plan.attributes,
          at,
        ),
      );
    // Committed: now it may be announced.
    announce(deps, api, outcome, threshold, applied);
    evaluatedAfterCommit(api.key, at, applied.evaluated);
    const { summary, run } = applied.plan;
    return {
      ...summary,
      statusChanges: applied.statusChanges.length,
      consecutiveFailures: outcome.ok ? 0 : run.failures,
    };
  }

  /**
   * The common case, written in a batch with other checks (`check-batch.ts`): a poll that succeeded after
   * a success and changed no level, pending period or no-data reason — nothing to tell anyone. Its rules
   * come from the rules cache; null when the check is not quiet, and the full transaction handles it
   * (reading its rules again, in that transaction).
   */
  async function processQuietly(
    api: ApiRef,
    outcome: Extract<CheckOutcome, { ok: true }>,
    records: ReturnType<typeof extractRecords>,
    at: Date,
  ): Promise<ProcessedCheck | null> {
    const evaluated = await evaluateRules(await batch.rules(api.id, api.rulesVersion), records);
    const results = attributeResultsOf(evaluated, at, deps.heartbeatMs);
    const changes = (r: (typeof results)[number], i: number) =>
      r.levelChecks !== null || r.writeWithoutReading || r.level !== evaluated[i]?.rule.lastLevel;
    if (results.some(changes)) return null;
    const logRow = checkLogRow({ api, outcome, records, source: 'poll' });
    const stored = storedOf(evaluated, results);
    await batch.write(
      api.rulesVersion,
      {
        apiId: api.id,
        at,
        attributes: results.filter((r) => r.stored),
        log: shouldLogSuccess(api.id, at.getTime()) ? logRow : null,
        count: logRow,
      },
      { api: api.key, at, rows: stored.map(readingOf) },
      stored,
    );
    evaluatedAfterCommit(api.key, at, evaluated);
    return {
      records: records?.length ?? null,
      attributes: evaluated.length,
      transitions: 0,
      statusChanges: 0,
      consecutiveFailures: 0,
    };
  }

  function evaluatedAfterCommit(apiKey: number, at: Date, evaluated: readonly Evaluated<RuleCore>[]) {
    if (!deps.onEvaluated || evaluated.length === 0) return;
    try {
      deps.onEvaluated(apiKey, at, evaluated);
    } catch (err) {
      deps.log.error({ err, apiKey }, 'etter sjekken: verdiene kunne ikke læres');
    }
  }

  function shouldLogSuccess(apiId: string, now: number): boolean {
    const last = lastOkLogged.get(apiId);
    // A last time ahead of now: the clock went back; log now rather than wait for it (decision 030).
    if (last !== undefined && now >= last && now - last < OK_LOG_EVERY_MS) return false;
    lastOkLogged.set(apiId, now);
    return true;
  }

  return {
    process,
    /** Lets go of the cached rules of APIs this instance no longer checks (decision 041). */
    forgetRules: (apiIds: Iterable<string>) => batch.forget(apiIds),
    stats: () => ({
      ...counts,
      ...batch.stats,
      transactions: { ...transactions },
      cachedApis: batch.cachedApis(),
    }),
  };
}
