import { createSeries, type SeriesState, slotOf, updateSeries } from '@vaskedrift/shared';
import { type Anomaly, BayScenario, type Fault, hourOfWeek, NUMERIC_ATTRIBUTES } from '@vaskedrift/simulator';
import { PREDICTION_HORIZON_MS, type Predictor, type UnusualDetector } from './methods';

/*
 * One bay replayed check by check through every method, scored against the scenario's truth
 * (apps/simulator/src/scenario). What counts, in words, is in bench/README.md (Foresight).
 */

export interface ReplayOptions {
  seed: number;
  startMs: number;
  days: number;
  intervalMs: number;
  // biome-ignore lint/suspicious/noExplicitAny: each method keeps a state of its own kind
  predictors: Predictor<any>[];
  // biome-ignore lint/suspicious/noExplicitAny: as above
  detectors: UnusualDetector<any>[];
}

interface DriftOutcome {
  cause: Fault['cause'];
  /** failure − the first check warned at least 15 min before it; null when not warned in time. */
  leadMs: number | null;
}

export interface BayResult {
  drifts: DriftOutcome[][];
  falseWarnings: number[];
  falseWarningsNoisy: number[];
  /** Bay time up and with no fault in progress, in which a warning is false. */
  quietMs: number;
  marks: { hits: number; misses: number }[];
  anomalies: number;
  anomaliesHit: number[];
  /** Per 30-day month: the washes lost (truth), estimated by the bay's hour-of-week mean, by the shared model. */
  lostTruth: number[];
  lostByProfile: number[];
  lostByModel: number[];
  /** Decision 034's estimate (the same hour of the week, 4 weeks before, ≥ 2 up) and the truth where it has one. */
  lostBySameHour: number[];
  lostTruthWithSameHour: number[];
  /** Down checks without that estimate (fewer than 2 up weeks before): 'Ingen data'. */
  downChecksWithoutSameHour: number;
  downChecks: number;
}

const DAY_MS = 24 * 3_600_000;
const MONTH_MS = 30 * DAY_MS;
const LEAD_MS = 15 * 60_000;
/** The week profiles need this long before a mark is scored. */
const UNUSUAL_WARM_UP_MS = 14 * DAY_MS;
/** After a repair a value settles back; marks then are neither right nor wrong. */
const SETTLE_MS = 30 * 60_000;

function add(values: number[], index: number, amount: number): void {
  values[index] = (values[index] ?? 0) + amount;
}

const inProgress = (fault: Fault, atMs: number) => atMs >= fault.onsetMs && atMs < fault.repairMs;

/** A bay's result before its first check: nothing warned, marked or lost yet. */
function emptyResult({ predictors, detectors }: ReplayOptions, months: number): BayResult {
  return {
    drifts: [],
    falseWarnings: predictors.map(() => 0),
    falseWarningsNoisy: predictors.map(() => 0),
    quietMs: 0,
    marks: detectors.map(() => ({ hits: 0, misses: 0 })),
    anomalies: 0,
    anomaliesHit: detectors.map(() => 0),
    lostTruth: new Array(months).fill(0),
    lostByProfile: new Array(months).fill(0),
    lostByModel: new Array(months).fill(0),
    lostBySameHour: new Array(months).fill(0),
    lostTruthWithSameHour: new Array(months).fill(0),
    downChecksWithoutSameHour: 0,
    downChecks: 0,
  };
}

export function replayBay(bay: number, options: ReplayOptions): BayResult {
  const { startMs, intervalMs, predictors, detectors } = options;
  const endMs = startMs + options.days * DAY_MS;
  const months = Math.ceil(options.days / 30);
  const scenario = new BayScenario(options.seed, bay);
  const truth = scenario.truth(startMs, endMs);
  const drifts = truth.faults.filter(
    (f) => f.attribute !== null && f.onsetMs >= startMs + DAY_MS && f.failureMs < endMs,
  );
  const firstWarned = predictors.map(() => new Map<Fault, number>());
  const result = emptyResult(options, months);
  const states = predictors.map((p) => NUMERIC_ATTRIBUTES.map(() => p.create()));
  const warned = predictors.map(() => NUMERIC_ATTRIBUTES.map(() => false));
  const detectorStates = detectors.map((d) => [d.create(), d.create()]);
  const marked = detectors.map(() => [false, false]);
  const hit = detectors.map(() => new Set<Anomaly>());
  const counterModel: SeriesState = createSeries('counter');
  const profile: { washes: number[]; hours: number[] } = {
    washes: new Array(168).fill(0),
    hours: new Array(168).fill(0),
  };
  const downChecks: number[] = [];
  let counter = 0;
  let lastCounter = 0;
  let wasDown = false;
  /** Per hour since the start: washes counted, and whether the bay was down in it. */
  const hourWashes: number[] = [];
  const hourDown: boolean[] = [];

  for (let t = startMs; t < endMs; t += intervalMs) {
    const sample = scenario.sample(t);
    const month = Math.floor((t - startMs) / MONTH_MS);
    const active = truth.faults.filter((f) => inProgress(f, t));
    const noisy = truth.noisy.filter((p) => t >= p.startMs && t < p.endMs);
    const quiet = !sample.down && active.length === 0;
    if (quiet) result.quietMs += intervalMs;

    /* The wash counter, read as a controller shows it; a drop is a reset. */
    if (t > startMs) {
      const washes = scenario.washes(t - intervalMs, t);
      const reset = truth.counterResets.find((r) => r > t - intervalMs && r <= t);
      counter = reset === undefined ? counter + washes.washed : scenario.washes(reset, t).washed;
      const lostNow = washes.lostToFaults + washes.lostToMaintenance;
      add(result.lostTruth, month, lostNow);
      const delta = counter >= lastCounter ? counter - lastCounter : counter;
      if (!sample.down && !wasDown) {
        const slot = hourOfWeek(t - intervalMs);
        add(profile.washes, slot, delta);
        add(profile.hours, slot, intervalMs / 3_600_000);
      }
      const hour = Math.floor((t - startMs) / 3_600_000);
      add(hourWashes, hour, delta);
      if (sample.down || wasDown) hourDown[hour] = true;
      if (sample.down) {
        result.downChecks++;
        const weeksUp = [1, 2, 3, 4].map((k) => hour - 168 * k).filter((h) => h >= 0 && !hourDown[h]);
        if (weeksUp.length >= 2) {
          const expected = weeksUp.reduce((total, h) => total + (hourWashes[h] ?? 0), 0) / weeksUp.length;
          add(result.lostBySameHour, month, expected * (intervalMs / 3_600_000));
          add(result.lostTruthWithSameHour, month, lostNow);
        } else {
          result.downChecksWithoutSameHour++;
        }
        downChecks.push(t);
        const slot = slotOf(t);
        const rate = (counterModel.count[slot] ?? 0) >= 12 ? (counterModel.centre[slot] ?? 0) : 0;
        add(result.lostByModel, month, rate * (intervalMs / 3_600_000));
      }
    }
    updateSeries(counterModel, t, counter);
    lastCounter = counter;
    wasDown = sample.down;

    NUMERIC_ATTRIBUTES.forEach((attribute, a) => {
      const value = sample[attribute];
      const drift = active.find((f) => f.attribute === attribute && t < f.failureMs);
      predictors.forEach((predictor, p) => {
        const state = states[p]?.[a];
        predictor.update(state, t, value);
        const prediction = predictor.predict(state, t, attribute);
        const now = prediction !== null && prediction.expectedAt - t <= PREDICTION_HORIZON_MS;
        if (now && drift && t <= drift.failureMs - LEAD_MS && !firstWarned[p]?.has(drift)) {
          firstWarned[p]?.set(drift, t);
        }
        if (now && !warned[p]?.[a] && !drift && quiet) {
          add(result.falseWarnings, p, 1);
          if (noisy.some((period) => period.attribute === attribute)) add(result.falseWarningsNoisy, p, 1);
        }
        (warned[p] as boolean[])[a] = now;
      });
      if (attribute !== 'pressure' && attribute !== 'temperature') return;
      /* Marks are scored where the truth is clear: after the warm-up, the bay up, no fault near, no noisy sensor. */
      const scored =
        t >= startMs + UNUSUAL_WARM_UP_MS &&
        !sample.down &&
        !truth.faults.some((f) => t >= f.onsetMs && t < f.repairMs + SETTLE_MS) &&
        !noisy.some((period) => period.attribute === attribute);
      const anomaly = truth.anomalies.find(
        (x) => x.attribute === attribute && t >= x.startMs && t < x.endMs + intervalMs,
      );
      const slot = attribute === 'pressure' ? 0 : 1;
      detectors.forEach((detector, d) => {
        const state = detectorStates[d]?.[slot];
        const mark = detector.unusual(state, t, value);
        detector.update(state, t, value);
        const marks = marked[d] as boolean[];
        if (mark && anomaly) hit[d]?.add(anomaly);
        if (mark && !marks[slot] && scored) {
          const tally = result.marks[d];
          if (tally && anomaly) tally.hits++;
          else if (tally) tally.misses++;
        }
        marks[slot] = mark;
      });
    });
  }

  return finish();

  function finish(): BayResult {
    result.drifts = predictors.map((_, p) =>
      drifts.map((fault) => {
        const at = firstWarned[p]?.get(fault);
        return { cause: fault.cause, leadMs: at === undefined ? null : fault.failureMs - at };
      }),
    );
    const rate = profile.washes.map((washes, slot) => {
      const hours = profile.hours[slot] ?? 0;
      return hours > 0 ? washes / hours : 0;
    });
    for (const t of downChecks) {
      const month = Math.floor((t - startMs) / MONTH_MS);
      add(result.lostByProfile, month, (rate[hourOfWeek(t - intervalMs)] ?? 0) * (intervalMs / 3_600_000));
    }
    const counted = truth.anomalies.filter(
      (x) =>
        x.startMs >= startMs + UNUSUAL_WARM_UP_MS &&
        x.endMs < endMs &&
        !truth.faults.some((f) => x.startMs < f.repairMs + SETTLE_MS && x.endMs > f.onsetMs),
    );
    result.anomalies = counted.length;
    result.anomaliesHit = hit.map((set) => counted.filter((x) => set.has(x)).length);
    return result;
  }
}
