/**
 * The small end's idle cost (issue 28): the built server as a fresh installation runs it — embedded
 * PostgreSQL in a scratch `DATA_DIR`, the demo's six facilities and its simulator (in the server process) —
 * with nobody signed in. A first start loads the demo (90 days of history) and is not measured; then, for
 * each phase, the server is started again, left `WARMUP` (60) s, and measured for `DURATION` (300) s:
 *
 * - CPU seconds of the server process (utime + stime from /proc; the simulator answering the checks is in
 *   it) and of its PostgreSQL: the postmaster with every child it reaped plus the live children, split
 *   into its background processes and the rest (our connections, autovacuum workers);
 * - transactions committed in the `vaskedrift` database (`pg_stat_database.xact_commit`) and the statements
 *   behind them (`pg_stat_statements`, preloaded for the measured starts), the most frequent first;
 * - connections opened to it meanwhile (`pg_stat_database.sessions`: each a PostgreSQL process started).
 *
 * Phases: `all` (what an installation runs) and `checks-off` (`CHECKS_ENABLED=false`: the status engine's
 * loop stopped, everything else on). Their difference is the engine's share (checks of the demo's six
 * APIs and the simulator answering them). `PHASES=all` runs one.
 *
 *   npm run build && node --import tsx bench/idle.ts
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { runningEmbeddedAdminUrl } from '../apps/server/src/db/embedded';
import {
  assertBuilt,
  benchOptions,
  fmt,
  freePort,
  processCpuSeconds,
  serverEntry,
  stopServer,
} from './bench-server';

const { option, text } = benchOptions(['duration', 'warmup', 'phases']);
const DURATION_S = option('duration', 300);
const WARMUP_S = option('warmup', 60);
const PHASES = (text('phases') ?? 'all,checks-off').split(',');
const TOP_STATEMENTS = 15;

const PHASE_ENV: Record<string, Record<string, string>> = {
  all: {},
  'checks-off': { CHECKS_ENABLED: 'false' },
};

const CLOCK_TICKS_PER_SECOND = 100;

type ProcStat = { ppid: number; own: number; reaped: number };

function procStat(pid: number): ProcStat | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = (i: number) => Number(fields[i]) / CLOCK_TICKS_PER_SECOND;
    return { ppid: Number(fields[1]), own: ticks(11) + ticks(12), reaped: ticks(13) + ticks(14) };
  } catch {
    return null; // ended meanwhile
  }
}

/**
 * PostgreSQL's CPU seconds so far: `total` the postmaster (with every child it reaped: connections that
 * closed, autovacuum workers) and its live children; `background` its live background processes
 * (checkpointer, WAL writer, autovacuum launcher…). The rest is connections' and short-lived workers'.
 */
function postgresCpu(postmaster: number): { total: number; background: number } {
  const master = procStat(postmaster);
  let total = (master?.own ?? 0) + (master?.reaped ?? 0);
  let background = master?.own ?? 0;
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!pid || pid === postmaster) continue;
    const stat = procStat(pid);
    if (stat?.ppid !== postmaster) continue;
    total += stat.own;
    let title = '';
    try {
      title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {}
    // A connection's title is "postgres: <user> <database> <host> <state>"; the others name their job.
    if (!/^postgres: \S+ \S+ \d/.test(title)) background += stat.own;
  }
  return { total, background };
}

function startServer(dataDir: string, secretKey: string, port: number, env: Record<string, string>) {
  // Without DATABASE_URL: the server starts its embedded PostgreSQL, as a fresh installation does.
  const { DATABASE_URL: _external, ...inherited } = process.env;
  return spawn(process.execPath, [serverEntry], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...inherited,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      SECRET_KEY: secretKey,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DEMO: 'true',
      ...env,
    },
  });
}

async function waitUntilServing(child: ChildProcess, port: number, seconds: number) {
  for (let i = 0; i < seconds * 10; i++) {
    if (child.exitCode !== null) throw new Error(`the server stopped (code ${child.exitCode})`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/v1/misc/fallback`)
      .then((res) => res.ok)
      .catch(() => false);
    if (ok) return;
    await sleep(100);
  }
  throw new Error(`the server did not answer within ${seconds} s`);
}

type Statement = { calls: number; rows: number; ms: number; query: string };

async function measurePhase(dataDir: string, secretKey: string, phase: string) {
  const port = await freePort();
  const child = startServer(dataDir, secretKey, port, PHASE_ENV[phase] ?? {});
  try {
    await waitUntilServing(child, port, 120);
    const adminUrl = runningEmbeddedAdminUrl(dataDir, secretKey);
    if (!adminUrl) throw new Error('no embedded PostgreSQL');
    const client = new pg.Client({ connectionString: adminUrl.replace(/\/postgres$/, '/vaskedrift') });
    await client.connect();
    try {
      await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
      const postmaster = Number(
        readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0],
      );
      const serverPid = child.pid ?? 0;
      await sleep(WARMUP_S * 1000);

      const counts = async () => {
        const { rows } = await client.query(
          `SELECT xact_commit, sessions FROM pg_stat_database WHERE datname = 'vaskedrift'`,
        );
        return { commits: Number(rows[0].xact_commit), sessions: Number(rows[0].sessions) };
      };
      await client.query('SELECT pg_stat_statements_reset()');
      const server0 = processCpuSeconds(serverPid);
      const pg0 = postgresCpu(postmaster);
      const counts0 = await counts();
      const t0 = performance.now();
      await sleep(DURATION_S * 1000);
      const seconds = (performance.now() - t0) / 1000;
      const server = processCpuSeconds(serverPid) - server0;
      const pg1 = postgresCpu(postmaster);
      const counts1 = await counts();
      // Less the bench's own: the one statement between the two readings of xact_commit.
      const transactions = counts1.commits - counts0.commits - 1;
      // Connections opened meanwhile (a pool closing idle ones opens them again: a process each).
      const sessions = counts1.sessions - counts0.sessions;
      const statements = (
        await client.query<Statement>(
          `SELECT calls::int, rows::int, total_exec_time AS ms, query FROM pg_stat_statements
            WHERE dbid = (SELECT oid FROM pg_database WHERE datname = 'vaskedrift')
              AND query NOT ILIKE '%pg_stat%' ORDER BY calls DESC`,
        )
      ).rows;
      return {
        phase,
        seconds,
        server,
        postgres: pg1.total - pg0.total,
        background: pg1.background - pg0.background,
        transactions,
        sessions,
        statements,
      };
    } finally {
      await client.end();
    }
  } finally {
    await stopServer(child);
  }
}

function perMinute(n: number, seconds: number) {
  return fmt((n / seconds) * 60, 1);
}

async function main() {
  assertBuilt();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vaskedrift-idle-'));
  const secretKey = randomBytes(32).toString('hex');
  try {
    console.log(`First start (demo loaded, not measured) in ${dataDir}`);
    const port = await freePort();
    const first = startServer(dataDir, secretKey, port, {});
    await waitUntilServing(first, port, 600);
    await stopServer(first);
    appendFileSync(
      path.join(dataDir, 'pg', 'postgresql.conf'),
      "\nshared_preload_libraries = 'pg_stat_statements'\npg_stat_statements.track = top\n",
    );
    console.log(
      `Load average at start: ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
    const results = [];
    for (const phase of PHASES) {
      console.log(`Phase ${phase}: warm-up ${WARMUP_S} s, measuring ${DURATION_S} s`);
      const result = await measurePhase(dataDir, secretKey, phase);
      results.push(result);
      console.log(`\n## ${phase}: ${fmt(result.seconds)} s`);
      const pgTotal = result.postgres;
      console.log(
        `server ${fmt(result.server, 2)} CPU s (${fmt((result.server / result.seconds) * 100, 2)} % of a core); ` +
          `PostgreSQL ${fmt(pgTotal, 2)} CPU s (${fmt((pgTotal / result.seconds) * 100, 2)} %): ` +
          `its background processes ${fmt(result.background, 2)}, connections and workers ${fmt(pgTotal - result.background, 2)}`,
      );
      console.log(
        `${fmt(result.transactions)} transactions (${perMinute(result.transactions, result.seconds)} a minute); ` +
          `${fmt(result.statements.reduce((sum, s) => sum + s.calls, 0))} statements; ` +
          `${fmt(result.sessions)} connections opened (${perMinute(result.sessions, result.seconds)} a minute)`,
      );
      console.log('\n| calls a minute | rows | ms in total | statement |\n|---|---|---|---|');
      for (const s of result.statements.slice(0, TOP_STATEMENTS)) {
        const query = s.query.replace(/\s+/g, ' ').slice(0, 110);
        console.log(`| ${perMinute(s.calls, result.seconds)} | ${s.rows} | ${fmt(s.ms, 1)} | \`${query}\` |`);
      }
    }
    console.log(
      `\nLoad average at the end: ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
    if (results.length === 2) {
      const [all, off] = results as [(typeof results)[0], (typeof results)[0]];
      const cpu = (r: typeof all) => (r.server + r.postgres) / r.seconds;
      console.log(
        `The engine's share (${all.phase} less ${off.phase}): ${fmt((cpu(all) - cpu(off)) * 100, 2)} % of a core of ` +
          `${fmt(cpu(all) * 100, 2)} %; ${perMinute(all.transactions - off.transactions * (all.seconds / off.seconds), all.seconds)} transactions a minute`,
      );
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
