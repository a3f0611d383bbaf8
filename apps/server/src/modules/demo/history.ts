import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { deadbandsOf, insertPacked, insertWashes } from '../readings';
import { DEMO_SIMULATOR, DEMO_USERS } from './demo-data';
import {
  backdateDemo,
  demoLocations,
  hasHappened,
  insertAlerts,
  insertIncidents,
  insertMaintenance,
  insertPeriods,
  insertRawReadings,
  userIdsByEmail,
  writeCurrentState,
} from './history.repository';
import type { HistoryInput } from './history-input';
import { historyServicePlan } from './history-jobs';
import { type HistoryPlan, planHistory } from './history-plan';
import { historyScript } from './history-script';

/** How far back the demo's past reaches. */
const DEMO_HISTORY_DAYS = 90;
const DAY_MS = 86_400_000;

export type HistoryReport = { periods: number; alerts: number; jobs: number; checks: number; ms: number };

/**
 * Writes the demo's 90 days of past (decision 008, the history) in the caller's transaction, which holds
 * the demo's lock: planned in memory from the simulator's model and the script (`history-plan.ts`), then
 * written in multi-row statements. Only into a database where nothing has happened yet (no status change,
 * no alert): null otherwise, so running it again writes nothing, and a load that is interrupted rolls back
 * with the demo itself.
 */
export async function writeDemoHistory(
  tx: Db,
  { config, now = new Date() }: { config: Pick<Config, 'readings'>; now?: Date },
): Promise<HistoryReport | null> {
  const began = performance.now();
  if (await hasHappened(tx)) return null;
  const locations = await demoLocations(tx);
  if (locations.length === 0) return null;
  const ids = await userIdsByEmail(
    tx,
    DEMO_USERS.map((u) => u.email),
  );
  const admin = DEMO_USERS.find((u) => u.role === 'admin');
  const operator = DEMO_USERS.find((u) => u.role === 'operator');
  const adminId = admin && ids.get(admin.email);
  const operatorId = operator && ids.get(operator.email);
  if (!adminId || !operatorId) return null;
  const start = new Date(now.getTime() - DEMO_HISTORY_DAYS * DAY_MS);
  const input: HistoryInput = {
    now,
    start,
    simulator: DEMO_SIMULATOR,
    locations,
    script: historyScript(now, start),
    people: { admin: adminId, operator: operatorId, operatorLocations: new Set(operator.locations) },
    readings: {
      heartbeatMs: config.readings.heartbeatMinutes * 60_000,
      rawHours: config.readings.rawRetentionHours,
      minuteDays: config.readings.minuteRetentionDays,
    },
  };
  const plan = planHistory(input);
  await backdateDemo(
    tx,
    locations.flatMap((f) => f.bays.map((b) => b.id)),
    start,
  );
  await insertPeriods(tx, plan);
  await insertMaintenance(tx, plan.jobs, historyServicePlan(input));
  await writeAlertsAndIncidents(tx, plan);
  await writeReadings(tx, plan);
  await writeCurrentState(tx, plan);
  return {
    periods: plan.periods.length,
    alerts: plan.alerts.length,
    jobs: plan.jobs.length,
    checks: plan.raw.length,
    ms: Math.round(performance.now() - began),
  };
}

/** The alerts and their events, then the incidents they form (the alerts of one bay that overlap). */
async function writeAlertsAndIncidents(tx: Db, plan: HistoryPlan) {
  await insertAlerts(tx, plan);
  await insertIncidents(tx, [...new Set(plan.alerts.map((alert) => alert.bayId))]);
}

/** Raw readings through the readings module's write path; both rollup tiers packed by its codec; the washes. */
async function writeReadings(tx: Db, plan: HistoryPlan) {
  await insertRawReadings(tx, plan);
  const deadband = await deadbandsOf(tx);
  await insertPacked(tx, 'minute', plan.minute.packed, deadband);
  await insertPacked(tx, 'hour', plan.hour.packed, deadband);
  await insertWashes(tx, plan.washes);
}
