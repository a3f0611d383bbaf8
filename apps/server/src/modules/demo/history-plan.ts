import {
  type AttributeEvaluation,
  type AttributeLevel,
  BAY_STATUS_CAUSES,
  type BayStatus,
  deriveBayStatus,
  evaluateAttribute,
  indexRecords,
  LEVEL_CODES,
  type PreparedBayMetric,
  prepareAttribute,
  type RecordIndex,
  readPath,
} from '@vaskedrift/shared';
import { defineLocations, SHAPE_DEFINITIONS } from '@vaskedrift/simulator';
import type { AttributeTransition, OpenAlert } from '../alerts';
import { type CheckReadings, deadbandOf, shouldStoreReading } from '../readings';
import { acknowledge, applyAlerts, type PlannedAlert, type PlannedAlertEvent } from './history-alerts';
import type { HistoryAttribute, HistoryBay, HistoryInput, HistoryLocation } from './history-input';
import { type HistoryJob, historyJobs } from './history-jobs';
import { RollupRows } from './history-rollups';
import { scriptedReading } from './history-script';

/*
 * The demo's past as a plan (decision 008, the history), pure: the simulator's model of every demo bay with
 * the script laid over it, read every five minutes through the shared evaluation, gives each attribute its
 * levels and stored readings; the levels give the alerts (the alerts module's rules) and, with the
 * maintenance jobs, each bay's status periods (the shared status rule). So values, levels, alerts and
 * periods agree with each other and with the thresholds, as the engine would have written them.
 */

/** The history's check interval: every reading of the past is five minutes from the next. */
const HISTORY_STEP_MS = 5 * 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const OFFLINE_REASON = 'API-et svarer ikke: tidsavbrudd etter 10 s';

type PlannedPeriod = {
  bayId: string;
  status: BayStatus;
  monitored: boolean;
  cause: string;
  changedBy: string | null;
  startedAt: Date;
  endedAt: Date | null;
};
type AttributeEnd = {
  id: string;
  value: string | number | boolean | null;
  level: AttributeLevel;
  reason: string;
  storedValue: string | number | boolean | null;
  storedAt: Date;
};

export type HistoryPlan = {
  periods: PlannedPeriod[];
  alerts: PlannedAlert[];
  events: PlannedAlertEvent[];
  jobs: HistoryJob[];
  raw: CheckReadings[];
  minute: RollupRows;
  hour: RollupRows;
  attributes: AttributeEnd[];
  lastReadAt: Date;
  bays: Array<{ id: string; status: BayStatus; statusChangedAt: Date }>;
  /**
   * Each wash counter's washes per UTC hour before the readings job's first round, as it rolls them up from
   * raw readings (docs/domain.md, Washes): raw readings that old are not kept, so they are written as such.
   */
  washes: Array<{ series: number; hour: Date; washes: number }>;
};

type AttributeState = {
  attribute: HistoryAttribute;
  evaluate: (records: RecordIndex) => AttributeEvaluation;
  deadband: number;
  level: AttributeLevel | null;
  value: string | number | boolean | null;
  reason: string;
  stored: { level: AttributeLevel | null; value: string | number | boolean | null; at: Date | null };
};
type BayState = {
  bay: HistoryBay;
  location: number;
  index: number;
  attributes: AttributeState[];
  period: PlannedPeriod;
  statusChangedAt: Date;
  job: HistoryJob | null;
};

const utcFloor = (t: number, unit: number) => Math.floor(t / unit) * unit;

export function planHistory(input: HistoryInput): HistoryPlan {
  const { now, start, simulator } = input;
  const definitions = new Map(defineLocations(simulator).map((f) => [f.id, f]));
  const bounds = {
    rawFrom: now.getTime() - input.readings.rawHours * HOUR_MS,
    // The readings job rolls up from the hour before its first round and the day before it (decision 022).
    minuteFrom: utcFloor(now.getTime() - DAY_MS, DAY_MS) - input.readings.minuteDays * DAY_MS,
    minuteTo: utcFloor(now.getTime() - HOUR_MS, HOUR_MS),
    hourTo: utcFloor(now.getTime() - DAY_MS, DAY_MS),
  };
  const plan: HistoryPlan = {
    periods: [],
    alerts: [],
    events: [],
    jobs: historyJobs(input),
    raw: [],
    minute: new RollupRows('minute'),
    hour: new RollupRows('hour'),
    attributes: [],
    lastReadAt: start,
    bays: [],
    washes: [],
  };
  const washes = new HourlyWashes();
  const open = new Map<string, OpenAlert>();
  const alertsById = new Map<string, PlannedAlert>();
  const first = utcFloor(start.getTime(), HISTORY_STEP_MS) + HISTORY_STEP_MS;

  for (const location of input.locations) {
    const definition = definitions.get(location.simulatorId);
    if (!definition) continue;
    const shape = SHAPE_DEFINITIONS[definition.shape];
    const bays = initialBays(plan, location, definition, start);
    const boundaries = jobBoundaries(plan.jobs, bays);

    const setStatus = (bay: BayState, status: BayStatus, cause: string, by: string | null, at: Date) => {
      if (bay.period.status === status && bay.period.monitored) return;
      if (bay.period.status !== status) bay.statusChangedAt = at;
      bay.period.endedAt = at;
      bay.period = {
        bayId: bay.bay.id,
        status,
        monitored: true,
        cause,
        changedBy: by,
        startedAt: at,
        endedAt: null,
      };
      plan.periods.push(bay.period);
    };
    const derived = (bay: BayState) =>
      deriveBayStatus({
        inMaintenance: bay.job !== null,
        levels: bay.attributes.flatMap((a) => (a.level ? [a.level] : [])),
        manualStatus: 'operational',
      });

    let next = 0;
    for (let t = first; t < now.getTime(); t += HISTORY_STEP_MS) {
      // Jobs start and end before the check at the same moment.
      for (; next < boundaries.length && (boundaries[next]?.at ?? Infinity) <= t; next++) {
        const b = boundaries[next];
        if (!b) continue;
        if (b.kind === 'start') {
          b.job.statusBefore = b.bay.period.status;
          b.bay.job = b.job;
          setStatus(b.bay, 'maintenance', BAY_STATUS_CAUSES.maintenance, b.job.enabledBy, b.job.startedAt);
        } else {
          b.bay.job = null;
          setStatus(b.bay, derived(b.bay), BAY_STATUS_CAUSES.engine, null, b.job.endedAt);
        }
      }
      const at = new Date(t);
      const readings = bays.map((b) => scriptedReading(input.script, simulator.seed, b.location, b.index, t));
      const records = bays.flatMap((b, i) => {
        const reading = readings[i];
        return reading ? [shape.record({ key: b.bay.key, name: b.bay.key, index: b.index }, reading)] : [];
      });
      const index = indexRecords(records, definition.keyIdentifier);
      const check: CheckReadings = { api: location.apiKey, at, rows: [] };
      for (const bay of bays) {
        const transitions: AttributeTransition[] = [];
        for (const a of bay.attributes) {
          const e = records.length
            ? a.evaluate(index)
            : { level: 'nodata' as const, value: null, reason: OFFLINE_REASON };
          if (e.level !== a.level) {
            transitions.push({
              bayMetricId: a.attribute.id,
              bayId: bay.bay.id,
              locationId: bay.bay.locationId,
              attributeName: a.attribute.displayName,
              previous: a.level,
              level: e.level,
              value: e.value,
              reason: e.reason,
              inMaintenance: bay.job !== null,
            });
          }
          a.level = e.level;
          a.value = e.value;
          a.reason = e.reason;
          if (!shouldStoreReading(a.stored, e, t, input.readings.heartbeatMs, a.deadband)) continue;
          const before = a.stored.value;
          a.stored = { level: e.level, value: e.value, at };
          const series = a.attribute.series;
          if (a.attribute.type === 'counter' && t < bounds.minuteTo) washes.add(series, t, before, e.value);
          if (t >= bounds.rawFrom) check.rows.push({ series, level: e.level, value: e.value });
          const number =
            typeof e.value === 'number' ? e.value : typeof e.value === 'boolean' ? Number(e.value) : null;
          const text = typeof e.value === 'string' ? e.value : null;
          const worst = LEVEL_CODES[e.level];
          if (t >= bounds.minuteFrom && t < bounds.minuteTo) {
            plan.minute.add(location.apiKey, series, t, number, text, worst);
          }
          if (t < bounds.hourTo) plan.hour.add(location.apiKey, series, t, number, text, worst);
        }
        // As the engine: only a bay whose attributes changed level is derived again.
        if (transitions.length === 0) continue;
        applyAlerts(plan, open, alertsById, transitions, at, bay.location);
        setStatus(bay, derived(bay), BAY_STATUS_CAUSES.engine, null, at);
      }
      if (check.rows.length > 0) plan.raw.push(check);
      plan.lastReadAt = at;
    }
    keepEndState(plan, bays);
  }
  acknowledge(plan, input.people, now);
  plan.washes = washes.rows();
  return plan;
}

/**
 * Washes per counter and UTC hour as `rollUpWashes` counts them from stored readings: the increment from
 * the stored reading before, in the hour of the later one; a drop (the counter started over) counts the
 * value after it; the first reading counts 0.
 */
class HourlyWashes {
  readonly #bySeries = new Map<number, Map<number, number>>();

  add(series: number, t: number, before: unknown, value: unknown) {
    if (typeof value !== 'number') return;
    const increment = typeof before !== 'number' ? 0 : value >= before ? value - before : value;
    let hours = this.#bySeries.get(series);
    if (!hours) {
      hours = new Map();
      this.#bySeries.set(series, hours);
    }
    const hour = utcFloor(t, HOUR_MS);
    hours.set(hour, (hours.get(hour) ?? 0) + increment);
  }

  rows(): HistoryPlan['washes'] {
    return [...this.#bySeries].flatMap(([series, hours]) =>
      [...hours].map(([hour, count]) => ({ series, hour: new Date(hour), washes: count })),
    );
  }
}

/** The bays of a facility before their first check: made at the start, not yet monitored. */
function initialBays(
  plan: HistoryPlan,
  location: HistoryLocation,
  definition: { index: number; bayIndexByKey: Map<string, number> },
  start: Date,
): BayState[] {
  return location.bays.map((bay): BayState => {
    const period: PlannedPeriod = {
      bayId: bay.id,
      status: 'operational',
      monitored: false,
      cause: BAY_STATUS_CAUSES.created,
      changedBy: null,
      startedAt: start,
      endedAt: null,
    };
    plan.periods.push(period);
    return {
      bay,
      location: definition.index,
      index: definition.bayIndexByKey.get(bay.key) ?? 0,
      attributes: bay.attributes.map((attribute) => ({
        attribute,
        evaluate: remembered(prepareAttribute(attribute)),
        deadband: deadbandOf(attribute.deadbandPercent, attribute.type),
        level: null,
        value: null,
        reason: '',
        stored: { level: null, value: null, at: null },
      })),
      period,
      statusChangedAt: start,
      job: null,
    };
  });
}

/** Where the live checks go on: each bay's status, each attribute's last and last stored reading. */
function keepEndState(plan: HistoryPlan, bays: BayState[]) {
  for (const bay of bays) {
    plan.bays.push({ id: bay.bay.id, status: bay.period.status, statusChangedAt: bay.statusChangedAt });
    for (const a of bay.attributes) {
      if (a.level === null || a.stored.at === null) continue;
      plan.attributes.push({
        id: a.attribute.id,
        value: a.value,
        level: a.level,
        reason: a.reason,
        storedValue: a.stored.value,
        storedAt: a.stored.at,
      });
    }
  }
}

/**
 * The attribute's evaluation, remembered by the value at its path: its level and reason depend on nothing
 * else, and a bay's values repeat (one decimal), so 90 days of checks cost a map lookup each.
 */
function remembered(prepared: PreparedBayMetric): (records: RecordIndex) => AttributeEvaluation {
  const known = new Map<unknown, AttributeEvaluation>();
  return (records) => {
    const record = records.get(prepared.keyValue);
    const reading = record && prepared.parsedPath ? readPath(record, prepared.parsedPath) : null;
    if (!reading?.found || (typeof reading.value === 'object' && reading.value !== null)) {
      return evaluateAttribute(records, prepared);
    }
    let evaluation = known.get(reading.value);
    if (!evaluation) {
      evaluation = evaluateAttribute(records, prepared);
      known.set(reading.value, evaluation);
    }
    return evaluation;
  };
}

type Boundary = { at: number; kind: 'start' | 'end'; job: HistoryJob & { endedAt: Date }; bay: BayState };

/** The starts and ends of the jobs on these bays, in time order (an end before a start at one moment). */
function jobBoundaries(jobs: HistoryJob[], bays: BayState[]): Boundary[] {
  const byId = new Map(bays.map((b) => [b.bay.id, b]));
  const out: Boundary[] = [];
  for (const job of jobs) {
    const bay = byId.get(job.bayId);
    if (!bay) continue;
    out.push({ at: job.startedAt.getTime(), kind: 'start', job, bay });
    out.push({ at: job.endedAt.getTime(), kind: 'end', job, bay });
  }
  return out.sort((a, b) => a.at - b.at || (a.kind === 'end' ? -1 : 1));
}
