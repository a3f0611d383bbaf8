import {
  type BayStatus,
  type Occurrence,
  occurrences,
  type PlanRule,
  pendingOccurrence,
} from '@vaskedrift/shared';
import { defineLocations } from '@vaskedrift/simulator';
import type { HistoryInput } from './history-input';
import type { BayRef } from './history-script';

/*
 * The demo history's maintenance: the weekly service plan with a finished job for each of its past
 * occurrences (started and ended by the plan, as the plan runner does), and the jobs the script starts
 * by hand (the pump repair).
 */

/** A start more than this late is over for a plan without an end (as the plan runner counts it). */
const PLAN_GRACE_MS = 5 * 60_000;

export type HistoryJob = {
  bayId: string;
  type: 'service' | 'longtermservice';
  description: string;
  assigneeId: string;
  startedAt: Date;
  expiresAt: Date;
  endedAt: Date;
  enabledBy: string;
  endedBy: string | null;
  /** Set while planning the periods: the bay's status when the job began. */
  statusBefore: BayStatus;
  /** The plan occurrence's start, for a job the weekly service plan started. */
  plannedStartAt: Date | null;
};

export type HistoryServicePlan = {
  bayId: string;
  rule: PlanRule;
  description: string;
  createdBy: string;
  lastStartAt: Date | null;
  next: Occurrence | null;
};

function bayIdOf(input: HistoryInput, ref: BayRef): string | null {
  const definition = defineLocations(input.simulator)[ref.location];
  const key = definition?.bays[ref.bay]?.key;
  const location = input.locations.find((f) => f.simulatorId === definition?.id);
  return location?.bays.find((b) => b.key === key)?.id ?? null;
}

const whoFor = (input: HistoryInput, location: number) =>
  input.people.operatorLocations.has(location) ? input.people.operator : input.people.admin;

/** The weekly service's occurrences that ended before `now`. */
function pastServices(input: HistoryInput): Occurrence[] {
  const { rule } = input.script.service;
  return occurrences(rule, { from: rule.startsAt, limit: 100 }).filter(
    (o) => o.endsAt !== null && o.endsAt <= input.now,
  );
}

export function historyJobs(input: HistoryInput): HistoryJob[] {
  const jobs: HistoryJob[] = [];
  const { service, pumpRepair } = input.script;
  const serviceBay = bayIdOf(input, service);
  const serviceBy = whoFor(input, service.location);
  for (const o of serviceBay ? pastServices(input) : []) {
    if (!serviceBay || !o.endsAt) continue;
    jobs.push({
      bayId: serviceBay,
      type: 'service',
      description: service.description,
      assigneeId: serviceBy,
      startedAt: o.startsAt,
      expiresAt: o.endsAt,
      endedAt: o.endsAt,
      enabledBy: serviceBy,
      endedBy: null,
      statusBefore: 'operational',
      plannedStartAt: o.startsAt,
    });
  }
  const repairBay = bayIdOf(input, pumpRepair);
  if (repairBay) {
    const by = whoFor(input, pumpRepair.location);
    jobs.push({
      bayId: repairBay,
      type: 'service',
      description: pumpRepair.description,
      assigneeId: by,
      startedAt: pumpRepair.startedAt,
      expiresAt: pumpRepair.expiresAt,
      endedAt: pumpRepair.endedAt,
      enabledBy: by,
      endedBy: by,
      statusBefore: 'operational',
      plannedStartAt: null,
    });
  }
  return jobs;
}

/** The weekly service plan as it stands at `now`: its last occurrence started and the one it waits for. */
export function historyServicePlan(input: HistoryInput): HistoryServicePlan | null {
  const { service } = input.script;
  const bayId = bayIdOf(input, service);
  if (!bayId) return null;
  const last = pastServices(input).at(-1) ?? null;
  return {
    bayId,
    rule: service.rule,
    description: service.description,
    createdBy: whoFor(input, service.location),
    lastStartAt: last?.startsAt ?? null,
    next: pendingOccurrence(service.rule, {
      after: last?.startsAt ?? null,
      now: input.now,
      graceMs: PLAN_GRACE_MS,
    }),
  };
}
