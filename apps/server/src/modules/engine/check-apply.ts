import type { Db } from '../../db/client';
import { type AlertPublication, applyCheckAlerts, openAlertsOf } from '../alerts';
import {
  type AppliedStatusChange,
  applyBayStatusChanges,
  type BayStatusInputs,
  readBayStatusInputs,
} from '../bays';
import { recordNotificationEventsOf } from '../notifications';
import { insertReadings } from '../readings';
import { type FailureRun, firstFailuresOfRuns, lockApiRuns, runOf, writeApiRuns } from './api-run.repository';
import { writeAttributeResults } from './attributes.repository';
import { countChecks, insertCheckLogs } from './check-log.repository';
import {
  type CheckPlan,
  type CheckStart,
  evaluateCheck,
  evaluatesAttributes,
  planCheck,
  runAfter,
  stateToRead,
} from './check-plan';
import type { Evaluated } from './evaluate-rules';
import { loadRulesOf } from './rules.repository';

/** A check that is not quiet, as it comes to its transaction. */
export type FullCheck = Omit<CheckStart, 'storedRun'> & {
  /** Whether a success is due to be written to the check log (failures always are). */
  logDue: () => boolean;
};

/** A full check done: its plan, and what the writes returned to publish after the commit. */
export type AppliedCheck = {
  plan: CheckPlan;
  statusChanges: AppliedStatusChange[];
  alerts: AlertPublication[];
  /** Notification events recorded now (not those whose dedupe key was there already). */
  recorded: number;
  /** Every attribute as evaluated (foresight learns the values after the commit). */
  evaluated: Evaluated[];
  /** The API's `rules_version` after the check's writes (the rules cache keeps what it wrote: issue 28). */
  rulesVersion: number | undefined;
};

/**
 * Checks that are not quiet, in the caller's transaction, stored exactly as one after another in the given
 * order would store them, but set-based (decision 009): each read once for all the checks, the pure plan
 * of each (`planCheck`), then each write once with all the checks' rows. First the API rows are locked (in
 * id order), then the checks go in rounds of checks that share no API and no bay (`nextRound`): two checks
 * of a round never see each other's writes, so reading and writing them together changes nothing; a check
 * that shares one with an earlier check waits for the next round, which reads again after the writes.
 * Within a round: its rules, then for the attributes whose level changed their open alerts and their bays
 * locked with their levels and maintenance (lock order API rows → bays in id order → attributes and
 * alerts, decision 009), then the plans, then the writes, each module called once: the APIs' runs, last
 * readings, raw readings, alerts and incidents with their notification events, bay statuses with their
 * periods, the check log.
 */
export async function applyChecks(tx: Db, checks: FullCheck[], heartbeatMs: number): Promise<AppliedCheck[]> {
  const applied: AppliedCheck[] = [];
  let runs = await lockApiRuns(tx, [...new Set(checks.map((c) => c.api.id))]);
  for (let rest = checks; rest.length > 0; ) {
    const round = await nextRound(tx, rest, runs);
    applied.push(...(await applyRound(tx, round, heartbeatMs)));
    rest = rest.slice(round.length);
    // The round wrote its APIs' runs: the rest reads them again (the rows are locked already).
    if (rest.length > 0) runs = await lockApiRuns(tx, [...new Set(rest.map((c) => c.api.id))]);
  }
  return applied;
}

type Started = { start: CheckStart; check: FullCheck; evaluated: Evaluated[] };

/**
 * The longest run of checks from the first that share no API and no bay of an evaluated attribute (the
 * bays its level changes, settlements and alerts may touch), evaluated against their rules read in one query.
 */
async function nextRound(
  tx: Db,
  checks: FullCheck[],
  runs: ReadonlyMap<string, FailureRun>,
): Promise<Started[]> {
  const apiIds = new Set<string>();
  const starts: CheckStart[] = [];
  for (const check of checks) {
    if (apiIds.has(check.api.id)) break;
    apiIds.add(check.api.id);
    starts.push({ ...check, storedRun: runOf(runs, check.api.id) });
  }
  const rules = await loadRulesOf(
    tx,
    starts.filter(evaluatesAttributes).map((s) => s.api.id),
  );
  const round: Started[] = [];
  const bayIds = new Set<string>();
  for (const [i, start] of starts.entries()) {
    const evaluated = await evaluateCheck(
      start,
      evaluatesAttributes(start) ? (rules.get(start.api.id) ?? []) : [],
    );
    const own = new Set(evaluated.map((e) => e.rule.bayId));
    if (round.length > 0 && [...own].some((id) => bayIds.has(id))) break;
    for (const id of own) bayIds.add(id);
    round.push({ start, check: checks[i] as FullCheck, evaluated });
  }
  return round;
}

async function applyRound(tx: Db, round: Started[], heartbeatMs: number): Promise<AppliedCheck[]> {
  const read = round.map((r) => ({ ...r, toRead: stateToRead(r.start, r.evaluated) }));
  const openAlerts = await openAlertsOf(
    tx,
    read.flatMap((r) => r.toRead.changedAttributeIds),
  );
  const bays = await readBayStatusInputs(
    tx,
    read.flatMap((r) => r.toRead.bayIds),
  );
  const downOrUp = read.filter((r) => r.toRead.apiChange);
  const firstFailures = await firstFailuresOfRuns(
    tx,
    downOrUp.map(({ start }) => ({
      apiId: start.api.id,
      since: runAfter(start).lastSuccessAt,
      startedAt: start.outcome.startedAt,
    })),
  );
  const firstFailure = new Map(downOrUp.map((r, i) => [r, firstFailures[i] ?? null]));
  const planned = read.map((r) => ({
    ...r,
    at: r.start.at,
    plan: planCheck(
      r.start,
      r.evaluated,
      { bays: baysOf(bays, r.toRead.bayIds), openAlerts, firstFailure: firstFailure.get(r) ?? null },
      heartbeatMs,
    ),
  }));

  const versions = await writeApiRuns(
    tx,
    planned.map(({ start, plan }) => ({ apiId: start.api.id, at: start.at, outcome: plan.apiRun })),
  );
  await writeAttributeResults(
    tx,
    planned.map(({ plan, at }) => ({ results: plan.attributes, at })),
  );
  await insertReadings(
    tx,
    planned.map(({ plan }) => plan.readings),
  );
  let recorded: number[][] = [];
  const alerts = await applyCheckAlerts(
    tx,
    planned.map(({ plan, at }) => ({ plan: plan.alerts, at })),
    async (events) => {
      recorded = await recordNotificationEventsOf(tx, events);
      return recorded;
    },
  );
  const statusChanges = await applyBayStatusChanges(
    tx,
    planned.flatMap(({ plan }) => plan.statusChanges),
    bays.bays,
  );
  await insertCheckLogs(
    tx,
    planned.filter(({ plan, check }) => plan.log.always || check.logDue()).map(({ plan }) => plan.log.row),
  );
  await countChecks(
    tx,
    planned.map(({ plan }) => plan.log.row),
  );
  return planned.map(({ plan, evaluated, start }, i) => {
    const own = new Set(plan.statusChanges.map((c) => c.bayId));
    return {
      rulesVersion: versions.get(start.api.id),
      plan,
      statusChanges: statusChanges.filter((c) => own.has(c.bayId)),
      alerts: alerts[i] ?? [],
      recorded: recorded[i]?.length ?? 0,
      evaluated,
    };
  });
}

/** What one check of the round reads of the bays read for all: its own bays (maintenance is by bay). */
function baysOf(inputs: BayStatusInputs, bayIds: string[]): BayStatusInputs {
  const own = new Set(bayIds);
  return { bays: inputs.bays.filter((b) => own.has(b.id)), inMaintenance: inputs.inMaintenance };
}
