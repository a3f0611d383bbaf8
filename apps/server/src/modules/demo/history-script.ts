import { fromZoned, type PlanRule, toZoned } from '@vaskedrift/shared';
import { type BayReading, readBay, washCountAt } from '@vaskedrift/simulator';

/*
 * What happened to the demo besides the simulator's own drift and short faults (decision 008, the history):
 * a soap tank that ran dry one evening and was refilled the next morning, a pump whose pressure sagged
 * until it was replaced, a controller offline for 40 minutes one night, and a weekly service. Times are
 * on the Oslo clock, some days before `now`, on the history's five-minute grid.
 */

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** A facility's bay by position (facility and bay from 0, as the simulator numbers them). */
export type BayRef = { location: number; bay: number };

/** A maintenance job the script starts and ends (the weekly service's jobs come from its plan). */
type ScriptedJob = BayRef & {
  startedAt: Date;
  expiresAt: Date;
  endedAt: Date;
  description: string;
  /** Who started, ended and did it: the operator when the facility is theirs. */
  by: 'operator' | 'admin';
};

export type HistoryScript = {
  soap: BayRef & { drainFrom: Date; emptyAt: Date; refilledAt: Date };
  pump: BayRef & { sagFrom: Date; criticalFrom: Date; repairedAt: Date };
  pumpRepair: ScriptedJob;
  offline: { location: number; from: Date; to: Date };
  service: BayRef & { rule: PlanRule; description: string };
};

/** `hour:minute` on the Oslo clock `daysAgo` days before `now`. */
function osloTime(now: Date, daysAgo: number, hour: number, minute = 0): Date {
  const day = toZoned(new Date(now.getTime() - daysAgo * DAY_MS));
  return fromZoned({ year: day.year, month: day.month, day: day.day, hour, minute });
}

/** The first Tuesday at 06:00 Oslo time on or after `from`. */
function firstTuesdayMorning(from: Date): Date {
  for (let i = 0; i < 8; i++) {
    const day = toZoned(new Date(from.getTime() + i * DAY_MS));
    const at = fromZoned({ year: day.year, month: day.month, day: day.day, hour: 6, minute: 0 });
    if (at >= from && at.getUTCDay() === 2) return at;
  }
  throw new Error('no Tuesday in a week');
}

export function historyScript(now: Date, start: Date): HistoryScript {
  const pumpJobStart = osloTime(now, 34, 14, 35);
  const serviceStart = firstTuesdayMorning(start);
  return {
    soap: {
      location: 0,
      bay: 2,
      drainFrom: osloTime(now, 20, 12),
      emptyAt: osloTime(now, 20, 23),
      refilledAt: osloTime(now, 19, 7, 30),
    },
    pump: {
      location: 1,
      bay: 1,
      sagFrom: osloTime(now, 34, 8),
      criticalFrom: osloTime(now, 34, 13, 5),
      repairedAt: osloTime(now, 34, 16, 40),
    },
    pumpRepair: {
      location: 1,
      bay: 1,
      startedAt: pumpJobStart,
      expiresAt: new Date(pumpJobStart.getTime() + 120 * MINUTE_MS),
      endedAt: osloTime(now, 34, 16, 50),
      description: 'Bytte av høytrykkspumpe: trykket falt gjennom dagen',
      by: 'operator',
    },
    offline: { location: 2, from: osloTime(now, 12, 2, 10), to: osloTime(now, 12, 2, 50) },
    service: {
      location: 0,
      bay: 0,
      rule: {
        startsAt: serviceStart,
        endsAt: new Date(serviceStart.getTime() + 60 * MINUTE_MS),
        recurrence: { kind: 'weeks', every: 1, weekdays: [2] },
      },
      description: 'Ukentlig service: børster, dyser og sluk',
    },
  };
}

const within = (t: number, from: Date, to: Date) => t >= from.getTime() && t < to.getTime();
const isBay = (ref: BayRef, location: number, bay: number) => ref.location === location && ref.bay === bay;

/**
 * When the script keeps a bay from washing, so its wash counter stands still: the soap tank empty until
 * refilled, the pump critical until its repair job ended. (The weekly service's hour is left counting.)
 */
function downtimeOf(script: HistoryScript, location: number, bay: number): Array<[number, number]> {
  const down: Array<[number, number]> = [];
  const { soap, pump, pumpRepair } = script;
  if (isBay(soap, location, bay)) down.push([soap.emptyAt.getTime(), soap.refilledAt.getTime()]);
  if (isBay(pump, location, bay)) down.push([pump.criticalFrom.getTime(), pumpRepair.endedAt.getTime()]);
  return down;
}

/**
 * The simulator's reading of a bay at `t` with the script laid over it; null while its controller is
 * offline (the check fails, so every attribute reads no data).
 */
export function scriptedReading(
  script: HistoryScript,
  seed: number,
  location: number,
  bay: number,
  t: number,
): BayReading | null {
  if (script.offline.location === location && within(t, script.offline.from, script.offline.to)) return null;
  const reading = {
    ...readBay({ seed, drift: true }, location, bay, t),
    washCount: washCountAt(seed, location, bay, t, downtimeOf(script, location, bay)),
  };
  const { soap, pump } = script;
  if (isBay(soap, location, bay) && within(t, soap.drainFrom, soap.refilledAt)) {
    // Drains from where the simulator had it to empty by `emptyAt`, and stays empty until refilled.
    const from = readBay({ seed, drift: true }, location, bay, soap.drainFrom.getTime()).soap;
    const share = (t - soap.drainFrom.getTime()) / (soap.emptyAt.getTime() - soap.drainFrom.getTime());
    return { ...reading, soap: Math.max(0, Math.round(from * (1 - share) * 10) / 10) };
  }
  if (isBay(pump, location, bay) && within(t, pump.sagFrom, pump.repairedAt)) {
    // Sags from 3.8 to 2.1 bar (a warning), then holds about 1.5 bar (critical) until the pump is replaced.
    if (t >= pump.criticalFrom.getTime()) return { ...reading, pressure: 1.5 };
    const share = (t - pump.sagFrom.getTime()) / (pump.criticalFrom.getTime() - pump.sagFrom.getTime());
    return { ...reading, pressure: Math.round((3.8 - 1.7 * share) * 10) / 10 };
  }
  return reading;
}
