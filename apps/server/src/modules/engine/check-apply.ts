import type { Db } from '../../db/client';
import { type AlertPublication, applyCheckAlerts, openAlertsOf } from '../alerts';
import { type AppliedStatusChange, applyBayStatusChanges, readBayStatusInputs } from '../bays';
import { recordNotificationEvents } from '../notifications';
import { insertReadings } from '../readings';
import { firstFailureOfRun, lockApiRun, writeApiRun } from './api-run.repository';
import { writeAttributeResults } from './attributes.repository';
import { countCheck, insertCheckLog } from './check-log.repository';
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
import { loadRules } from './rules.repository';

/** A full check done: its plan, and what the writes returned to publish after the commit. */
export type AppliedCheck = {
  plan: CheckPlan;
  statusChanges: AppliedStatusChange[];
  alerts: AlertPublication[];
  /** Notification events recorded now (not those whose dedupe key was there already). */
  recorded: number;
  /** Every attribute as evaluated (foresight learns the values after the commit). */
  evaluated: Evaluated[];
};

/**
 * One check that is not quiet, in the caller's transaction: first every read (the API's row locked, its
 * rules, then for the attributes whose level changed their open alerts and their bays locked with their
 * levels and maintenance: lock order API row → bays in id order → attributes and alerts, decision 009), then the
 * pure plan (`planCheck`), then its writes, each module called once: the API's run, last readings, raw
 * readings, alerts and incidents with their notification events, bay statuses with their periods, the check log.
 * `logDue` says whether a success is due to be written to the check log (failures always are).
 */
export async function applyCheck(
  tx: Db,
  check: Omit<CheckStart, 'storedRun'>,
  options: { heartbeatMs: number; logDue: () => boolean },
): Promise<AppliedCheck> {
  const start: CheckStart = { ...check, storedRun: await lockApiRun(tx, check.api.id) };
  const rules = evaluatesAttributes(start) ? await loadRules(tx, check.api.id) : [];
  const evaluated = await evaluateCheck(start, rules);
  const toRead = stateToRead(start, evaluated);
  const openAlerts = await openAlertsOf(tx, toRead.changedAttributeIds);
  const bays = await readBayStatusInputs(tx, toRead.bayIds);
  const firstFailure = toRead.apiChange
    ? await firstFailureOfRun(tx, check.api.id, runAfter(start).lastSuccessAt, check.outcome.startedAt)
    : null;
  const plan = planCheck(start, evaluated, { bays, openAlerts, firstFailure }, options.heartbeatMs);

  await writeApiRun(tx, check.api.id, check.at, plan.apiRun);
  await writeAttributeResults(tx, plan.attributes, check.at);
  await insertReadings(tx, [plan.readings]);
  let recorded = 0;
  const alerts = await applyCheckAlerts(tx, plan.alerts, check.at, async (alertEvents) => {
    const ids = await recordNotificationEvents(tx, alertEvents);
    recorded = ids.length;
    return ids;
  });
  const statusChanges = await applyBayStatusChanges(tx, plan.statusChanges);
  if (plan.log.always || options.logDue()) await insertCheckLog(tx, plan.log.row);
  await countCheck(tx, plan.log.row);
  return { plan, statusChanges, alerts, recorded, evaluated };
}
