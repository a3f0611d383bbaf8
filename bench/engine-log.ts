/*
 * What bench/engine.ts logs of the engines beside its table (each instance's counts, the first round,
 * foresight), and its cleanup after a scenario.
 */
import type { buildApp } from '../apps/server/src/app';
import type { MemorySampler } from './engine-measures';

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '–');

type App = Awaited<ReturnType<typeof buildApp>>;
export type Engine = App['statusEngine']['engine'];
export type Batch = 'loads' | 'writes' | 'transactions';
type BatchTotals = { runs: number; inputs: number; ms: number };

/** The engines' quiet writes or rules loads so far, summed over the instances. */
export function batchTotals(engines: Engine[], kind: Batch): BatchTotals {
  const all = engines.map((e) => e.stats().processed[kind]);
  return {
    runs: all.reduce((n, r) => n + r.runs, 0),
    inputs: all.reduce((n, r) => n + r.inputs, 0),
    ms: all.reduce((n, r) => n + r.ms, 0),
  };
}

const NO_RUNS: BatchTotals = { runs: 0, inputs: 0, ms: 0 };

/** The batches of `kind` since `was`: how many, their mean size and mean time, for the log. */
export function batchRuns(engines: Engine[], kind: Batch, was: BatchTotals): string {
  const now = batchTotals(engines, kind);
  const count = now.runs - was.runs;
  return `${count} × ${fmt((now.inputs - was.inputs) / count, 1)} in ${fmt((now.ms - was.ms) / count, 1)} ms`;
}

/** Each instance's quiet and full checks, and rules cached and loaded, since its `processed` was `before`. */
export function processedSince(engines: Engine[], before: ReturnType<Engine['stats']>['processed'][]) {
  return engines.map((e, i) => {
    const now = e.stats().processed;
    const was = before[i] ?? now;
    return {
      quiet: now.quiet - was.quiet,
      full: now.full - was.full,
      rulesCached: now.rulesCached - was.rulesCached,
      rulesLoaded: now.rulesLoaded - was.rulesLoaded,
      rulesStale: now.rulesStale - was.rulesStale,
      rulesKnown: now.rulesKnown - was.rulesKnown,
    };
  });
}

type SchedulerCounts = { claimed: number; takenOver: number; released: number };
export const schedulerCounts = (engine: Engine): SchedulerCounts => {
  const s = engine.stats();
  return { claimed: s.claimed, takenOver: s.takenOver, released: s.released };
};

/**
 * Each instance's window in counts: its checks quiet and full, where its quiet checks' rules came from (the
 * cache; read because it held none — first seen here or taken over — or held another version, written by
 * another party since), the rules its own full checks left in its cache, the claims it took over and the APIs
 * it let go, and what it holds at the end (cached APIs, foresight's series).
 */
export function logInstances(
  servers: Array<{ app: App }>,
  moved: ReturnType<typeof processedSince>,
  countsBefore: SchedulerCounts[],
) {
  servers.forEach(({ app }, i) => {
    const engine = app.statusEngine.engine;
    const m = moved[i];
    const was = countsBefore[i];
    if (!m || !was) return;
    const now = schedulerCounts(engine);
    const asked = m.rulesCached + m.rulesLoaded;
    console.log(
      `  instans ${i + 1}: ${m.quiet} stille, ${m.full} fulle; regler fra hurtiglageret ${m.rulesCached} av ${asked} (${fmt((m.rulesCached / asked) * 100, 1)} %), ` +
        `lest ${m.rulesLoaded} (${m.rulesLoaded - m.rulesStale} ikke i lageret, ${m.rulesStale} annen versjon), ${m.rulesKnown} lagt inn etter egen full sjekk; ` +
        `tatt over ${now.takenOver - was.takenOver} av ${now.claimed - was.claimed}, sluppet ${now.released - was.released} API-er; ` +
        `ved slutt ${engine.stats().processed.cachedApis} API-er i hurtiglageret, ${app.statusEngine.foresight.stats().series} forvarselserier`,
    );
  });
}

/**
 * The first round's figures, with what it left live (a full collection now): against its heap max, its
 * garbage. Per API, so per first check: the round's CPU is almost all theirs (the quiet checks after them
 * are cheap).
 */
export function logFirstRound(
  round: { seconds: number; serverCpu: number; pgCpu: number; apis: number },
  engines: Engine[],
  memory: MemorySampler,
) {
  (globalThis as { gc?: () => void }).gc?.();
  const after = process.memoryUsage();
  const mb = (bytes: number) => fmt(bytes / 1024 / 1024);
  console.log(
    `  alle API-er sjekket etter ${fmt(round.seconds, 1)} s (CPU: server ${fmt(round.serverCpu, 1)} s, PostgreSQL ${fmt(round.pgCpu, 1)} s; ` +
      `RSS max ${mb(memory.rssMax)} MB, heap max ${mb(memory.heapMax)} MB, buffers max ${mb(memory.buffersMax)} MB; ` +
      `etter full GC: heap ${mb(after.heapUsed)} MB, buffers ${mb(after.arrayBuffers)} MB, RSS ${mb(after.rss)} MB)`,
  );
  const full = engines.reduce((n, e) => n + e.stats().processed.full, 0);
  console.log(
    `  første runde: ${full} fulle sjekker, transaksjoner: ${batchRuns(engines, 'transactions', NO_RUNS)}; ` +
      `CPU per API: server ${fmt((round.serverCpu / round.apis) * 1000, 1)} ms, PostgreSQL ${fmt((round.pgCpu / round.apis) * 1000, 1)} ms`,
  );
}

type ForesightStats = ReturnType<App['statusEngine']['foresight']['stats']>;

/** Foresight's series and model at the window's end, and what it wrote in the window (since `was`). */
export function logForesight(now: ForesightStats, was: ForesightStats) {
  console.log(
    `  forvarsel: ${now.series} serier (${fmt(now.bytes / 1024 / 1024)} MB modell), ${now.rebuilt} bygd fra historikk; ` +
      `i vinduet ${now.verdictsWritten - was.verdictsWritten} vurderinger lagret i ${now.verdictWrites - was.verdictWrites} skriv, ${now.predictionsChanged - was.predictionsChanged} prognoser endret`,
  );
}
