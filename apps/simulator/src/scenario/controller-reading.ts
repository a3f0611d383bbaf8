import type { BayReading } from '../readings';
import { BayScenario } from './bay-scenario';

/*
 * The scenario's bays read as the HTTP simulator's controllers (`--scenario`): the same values
 * `bench/foresight.ts` scores against, plus the wash counter. Each bay's scenario is kept, and its counter
 * carried forward from the last request: a cache that changes no answer.
 */

/** A bay with a wash started in the last ten minutes is running. */
const RUNNING_WINDOW_MS = 10 * 60_000;
/** The scenario's bay number of a facility's bay. */
const BAYS_PER_LOCATION_KEY = 1000;

interface CachedBay {
  scenario: BayScenario;
  counter: { atMs: number; value: number; reset: number | null } | null;
}

function washCount(bay: CachedBay, nowMs: number): number {
  const reset = bay.scenario.lastReset(nowMs);
  const last = bay.counter;
  const value =
    last && reset !== null && last.reset === reset && nowMs >= last.atMs
      ? last.value + bay.scenario.washes(last.atMs, nowMs).washed
      : bay.scenario.counterAt(nowMs);
  bay.counter = { atMs: nowMs, value, reset };
  return value;
}

export function scenarioReader(seed: number): (location: number, bay: number, nowMs: number) => BayReading {
  const bays = new Map<number, CachedBay>();
  return (location, bayIndex, nowMs) => {
    const key = location * BAYS_PER_LOCATION_KEY + bayIndex;
    let bay = bays.get(key);
    if (!bay) {
      bay = { scenario: new BayScenario(seed, key), counter: null };
      bays.set(key, bay);
    }
    const sample = bay.scenario.sample(nowMs);
    const cause = bay.scenario.downCause(nowMs);
    const running = cause === null && bay.scenario.washes(nowMs - RUNNING_WINDOW_MS, nowMs).washed > 0;
    return {
      condition: cause === 'fault' ? 'fault' : running ? 'running' : 'idle',
      temperature: sample.temperature,
      pressure: sample.pressure,
      soap: sample.soap,
      wax: sample.wax,
      rinse: sample.soap,
      errorCode: cause === 'fault' ? 42 : null,
      doorOpen: sample.doorOpen,
      washCount: washCount(bay, nowMs),
    };
  };
}
