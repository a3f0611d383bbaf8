/*
 * Foresight (issue 26): the early warning, the unusual marks and the lost washes of each method, scored against
 * the simulator's truth (apps/simulator/src/scenario) over BAYS bays × DAYS simulated days, one check every
 * INTERVAL seconds; then each method's cost. Nothing waits: simulated time is only numbers.
 *
 *   node --import tsx bench/foresight.ts [--bays 1000] [--days 90] [--interval 300] [--seed 1]
 *
 * What each figure means is in bench/README.md (Foresight) and docs/decisions/037-foresight-method.md.
 */
import { parseArgs } from 'node:util';
import { BayScenario, hourOfWeek, NUMERIC_ATTRIBUTES } from '@vaskedrift/simulator';
import {
  foresightModel,
  globalZScore,
  holt,
  hourOfWeekZScore,
  lastDelta,
  leastSquaresWindow,
  type Method,
  type Predictor,
  type UnusualDetector,
} from './foresight/methods';
import { type BayResult, replayBay } from './foresight/replay';

const { values } = parseArgs({
  options: {
    bays: { type: 'string', default: '1000' },
    days: { type: 'string', default: '90' },
    interval: { type: 'string', default: '300' },
    seed: { type: 'string', default: '1' },
  },
});
const BAYS = Number(values.bays);
const DAYS = Number(values.days);
const INTERVAL_MS = Number(values.interval) * 1000;
const SEED = Number(values.seed);
/** Monday 2026-01-05 00:00 UTC. */
const START_MS = Date.UTC(2026, 0, 5);
const BAYS_PER_LOCATION = 20;

const model = foresightModel();
/* The model's first default trend memory, kept beside it to show why it changed (decision 037). */
const longTrend = foresightModel({ trendHalfLifeMs: 30 * 60_000 });
/* Every change off the line by 10 residual spreads a step, even one stair of a series read in 0.1 % (decision 037). */
const everyStep = foresightModel({ minStepResolutions: 0 });
const predictors = [
  model,
  everyStep,
  longTrend,
  leastSquaresWindow(30 * 60_000),
  lastDelta(),
  holt(0.3, 0.1),
];
const detectors = [model, globalZScore(4), hourOfWeekZScore(4, hourOfWeek)];

const started = performance.now();
const results: BayResult[] = [];
for (let bay = 0; bay < BAYS; bay++) {
  results.push(
    replayBay(bay, {
      seed: SEED,
      startMs: START_MS,
      days: DAYS,
      intervalMs: INTERVAL_MS,
      predictors,
      detectors,
    }),
  );
  if ((bay + 1) % 100 === 0) {
    console.error(`${bay + 1} bays, ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
}
const replaySeconds = (performance.now() - started) / 1000;

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const percent = (part: number, whole: number) => (whole > 0 ? `${((100 * part) / whole).toFixed(1)} %` : '–');
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
function table(header: string[], rows: (string | number)[][]): string {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}

const quietBayWeeks = sum(results.map((r) => r.quietMs)) / (7 * 24 * 3_600_000);
const CAUSES = ['pressureSag', 'heaterFailing', 'soapRunningOut', 'waxRunningOut'] as const;

console.log(
  `\n${BAYS} bays × ${DAYS} days, a check every ${INTERVAL_MS / 1000} s, seed ${SEED}: replayed in ${replaySeconds.toFixed(0)} s`,
);
console.log(
  `${sum(results.map((r) => r.drifts[0]?.length ?? 0))} drift faults; ${quietBayWeeks.toFixed(0)} bay-weeks without a fault in progress\n`,
);
console.log('Early warning (a prediction to cross within 60 min, counted once per episode)\n');
console.log(
  table(
    [
      'method',
      'drifts warned ≥ 15 min ahead',
      'median lead',
      ...CAUSES.map((c) => `${c}`),
      'false warnings / 10 bay-weeks',
      'of them in noisy-sensor periods',
    ],
    predictors.map((predictor, p) => {
      const outcomes = results.flatMap((r) => r.drifts[p] ?? []);
      const leads = outcomes.flatMap((o) => (o.leadMs === null ? [] : [o.leadMs]));
      const falses = sum(results.map((r) => r.falseWarnings[p] ?? 0));
      const noisy = sum(results.map((r) => r.falseWarningsNoisy[p] ?? 0));
      return [
        predictor.name,
        `${percent(leads.length, outcomes.length)} (${leads.length}/${outcomes.length})`,
        leads.length ? `${(median(leads) / 60_000).toFixed(0)} min` : '–',
        ...CAUSES.map((cause) => {
          const of = outcomes.filter((o) => o.cause === cause);
          return percent(of.filter((o) => o.leadMs !== null).length, of.length);
        }),
        ((10 * falses) / quietBayWeeks).toFixed(2),
        String(noisy),
      ];
    }),
  ),
);

const anomalies = sum(results.map((r) => r.anomalies));
console.log(`\nUnusual values (pressure and temperature; ${anomalies} injected anomalies scored)\n`);
console.log(
  table(
    ['method', 'precision (mark episodes on an anomaly)', 'recall (anomalies marked)', 'mark episodes'],
    detectors.map((detector, d) => {
      const hits = sum(results.map((r) => r.marks[d]?.hits ?? 0));
      const misses = sum(results.map((r) => r.marks[d]?.misses ?? 0));
      const found = sum(results.map((r) => r.anomaliesHit[d] ?? 0));
      return [detector.name, percent(hits, hits + misses), percent(found, anomalies), String(hits + misses)];
    }),
  ),
);

/* Lost washes: the fleet per month, and each facility of 20 bays per month. */
const months = Math.ceil(DAYS / 30);
function lostRow(
  name: string,
  estimate: (r: BayResult) => number[],
  truthOf: (r: BayResult) => number[] = (r) => r.lostTruth,
): string[] {
  const perMonth = Array.from({ length: months }, (_, m) => {
    const truth = sum(results.map((r) => truthOf(r)[m] ?? 0));
    const guess = sum(results.map((r) => estimate(r)[m] ?? 0));
    return `${guess.toFixed(0)} / ${truth} (${(((guess - truth) / truth) * 100).toFixed(1)} %)`;
  });
  const locationErrors: number[] = [];
  for (let first = 0; first + BAYS_PER_LOCATION <= results.length; first += BAYS_PER_LOCATION) {
    const location = results.slice(first, first + BAYS_PER_LOCATION);
    for (let m = 0; m < months; m++) {
      const truth = sum(location.map((r) => truthOf(r)[m] ?? 0));
      if (truth > 0)
        locationErrors.push(Math.abs(sum(location.map((r) => estimate(r)[m] ?? 0)) - truth) / truth);
    }
  }
  const within10 = locationErrors.filter((e) => e <= 0.1).length;
  return [
    name,
    ...perMonth,
    `${(median(locationErrors) * 100).toFixed(1)} %`,
    percent(within10, locationErrors.length),
  ];
}
const downChecks = sum(results.map((r) => r.downChecks));
const withoutSameHour = sum(results.map((r) => r.downChecksWithoutSameHour));
console.log('\nWashes lost to faults and maintenance: estimate / truth (error)\n');
console.log(
  `Down checks without a same-hour figure ('Ingen data', fewer than 2 up weeks before): ${percent(withoutSameHour, downChecks)}\n`,
);
console.log(
  table(
    [
      'estimate',
      ...Array.from({ length: months }, (_, m) => `month ${m + 1} (all bays)`),
      'median error (absolute), facility-month',
      'facility-months within 10 %',
    ],
    [
      lostRow("bay's hour-of-week mean (washes per hour, up time)", (r) => r.lostByProfile),
      lostRow("shared model's counter series (2-h slot centre, online)", (r) => r.lostByModel),
      lostRow(
        'same hour of the week, 4 weeks before, ≥ 2 up (decision 034); truth where it has a figure',
        (r) => r.lostBySameHour,
        (r) => r.lostTruthWithSameHour,
      ),
    ],
  ),
);

/* Cost: one bay's pressure series through each method, timed alone. */
// biome-ignore lint/suspicious/noExplicitAny: each method keeps a state of its own kind
function cost(method: Method<any>, run: (state: unknown, atMs: number, value: number) => void) {
  const scenario = new BayScenario(SEED, 0);
  const times: number[] = [];
  const readings: number[] = [];
  for (let t = START_MS; t < START_MS + DAYS * 24 * 3_600_000; t += INTERVAL_MS) {
    times.push(t);
    readings.push(scenario.sample(t).pressure);
  }
  let state = method.create();
  for (let i = 0; i < times.length; i++) run(state, times[i] ?? 0, readings[i] ?? 0);
  const bytes = method.bytes(state);
  let updates = 0;
  const start = performance.now();
  while (performance.now() - start < 1500) {
    state = method.create();
    for (let i = 0; i < times.length; i++) run(state, times[i] ?? 0, readings[i] ?? 0);
    updates += times.length;
  }
  const microseconds = ((performance.now() - start) * 1000) / updates;
  /* 150,000 bays × 10 attributes, one check a minute: updates a second × µs each. */
  const core = ((150_000 * 10) / 60) * microseconds * 1e-6 * 100;
  return [method.name, String(bytes), microseconds.toFixed(2), `${core.toFixed(1)} %`];
}
console.log(
  '\nCost per series (a pressure series of 90 days; µs per reading for update + predict, or update + judge)\n',
);
console.log(
  table(
    [
      'method',
      'bytes as JSON',
      'µs per reading',
      '150,000 bays × 10 attributes, 1 check/min: share of a core',
    ],
    [
      ...predictors.map((p: Predictor<unknown>) =>
        cost(p, (state, t, v) => {
          p.update(state, t, v);
          p.predict(state, t, 'pressure');
        }),
      ),
      cost({ ...model, name: `${model.name}: update + predict + unusual` }, (state, t, v) => {
        // biome-ignore lint/suspicious/noExplicitAny: the model's own state
        const s = state as any;
        model.unusual(s, t, v);
        model.update(s, t, v);
        model.predict(s, t, 'pressure');
      }),
      // biome-ignore lint/suspicious/noExplicitAny: each detector keeps a state of its own kind
      ...detectors.slice(1).map((d: UnusualDetector<any>) =>
        cost(d, (state, t, v) => {
          d.unusual(state, t, v);
          d.update(state, t, v);
        }),
      ),
    ],
  ),
);
console.log(`\nAttributes replayed per bay: ${NUMERIC_ATTRIBUTES.join(', ')} and the wash counter.`);
