/**
 * The live channel under load (issue 11, decision 020), against the built server in a child process (its
 * CPU read from /proc apart from this process, which plays the clients) on a scratch database on the
 * external PostgreSQL:
 *
 * 1. Fan-out: SOCKETS socket.io clients (Node, websocket transport) spread over USERS users — ADMINS admins,
 *    the rest operators each granted a different GRANTS of FACILITIES facilities — while an admin changes
 *    RATE bay statuses a second for SECONDS through the real route (`PATCH /api/v1/backend/bays/update`:
 *    transaction, bus, journal, socket.io rooms). Prints fan-out latency (the status saved — `at` of the
 *    event, the transaction's time — and the API's answer → `event` at each socket) p50/p99, messages
 *    delivered, server CPU; then checks every socket against the journal: each got exactly the events its
 *    user may see (missing, duplicates, and violations: an event of a facility not granted, must be 0).
 * 2. Restart: with every socket connected and changes still being made, the server is stopped (SIGTERM, or
 *    RESTART_SIGNAL=SIGKILL for a crash) and started again on the same port and database. Clients reconnect
 *    on the web client's back-off (1, 2, 5, 10 s, each up to a fifth shorter at random: `reconnect-delay.ts`) and send `resume {since: lastSeq}`.
 *    Prints the time until all are back and resynced, updates lost (journal rows after the phase's
 *    start a socket may see but never got, live or by resume; must be 0), and changes answered 200 but
 *    never journaled (per bay, answers beyond its `bay.updated` rows; must be 0).
 *
 *   npm run build
 *   node --import tsx bench/realtime.ts
 *   node --import tsx bench/realtime.ts --sockets 200 --seconds 10 --restart-seconds 5
 *
 * Options (flags or environment, e.g. --rate 50 or RATE=50): DATABASE_URL
 * (postgres://postgres@127.0.0.1:5432/postgres), SOCKETS (1000), USERS (100), ADMINS (10), FACILITIES
 * (50), BAYS_PER_FACILITY (4), GRANTS (5), RATE (100), SECONDS (30), RESTART_SECONDS (changes made before
 * the stop; 10), RESTART_SIGNAL (SIGTERM), SKIP_FANOUT=1, SKIP_RESTART=1.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { dropDatabase, ensureDatabase, withDatabase } from '../apps/server/src/db/admin';
import {
  assertBuilt,
  type BenchUser,
  benchOptions,
  fmt,
  freePort,
  insertUsers,
  percentile,
  processCpuSeconds,
  processRssMb,
  setBayStatus,
  signIn,
  startServer,
  stopServer,
} from './bench-server';
import { type Client, openClient, settle, tally } from './realtime-clients';
import { answeredNotJournaled, journaledChanges, maxSeq, verify } from './realtime-journal';
import { seedBays } from './seed-bays';

const { option, text } = benchOptions([
  'sockets',
  'users',
  'admins',
  'facilities',
  'bays-per-facility',
  'grants',
  'rate',
  'seconds',
  'restart-seconds',
  'restart-signal',
  'string',
]);
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SOCKETS = option('sockets', 1000);
const USERS = option('users', 100);
const ADMINS = option('admins', 10);
const LOCATIONS = option('facilities', 50);
const BAYS_PER_LOCATION = option('bays-per-facility', 4);
const GRANTS = option('grants', 5);
const RATE = option('rate', 100);
const SECONDS = option('seconds', 30);
const RESTART_SECONDS = option('restart-seconds', 10);
const RESTART_SIGNAL = (text('restart-signal') ?? 'SIGTERM') as NodeJS.Signals;
const STATUSES = ['operational', 'warning', 'error', 'inactive'] as const;

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Change = { bayId: string; to: string; sentAt: number; answeredAt: number };

const changes: Change[] = [];

/** Makes RATE changes a second for `seconds` (or until `until` resolves); answers failed calls. */
async function drive(base: string, token: string, bays: Map<string, string>, stop: () => boolean) {
  const ids = [...bays.keys()];
  let next = 0;
  let failed = 0;
  let inFlight = 0;
  const started = now();
  let made = 0;
  const pending = new Set<Promise<void>>();
  while (!stop()) {
    const due = Math.floor(((now() - started) / 1000) * RATE);
    while (made < due && inFlight < 500) {
      made += 1;
      const bayId = ids[next % ids.length] as string;
      next += 1;
      const from = bays.get(bayId) as string;
      const to = STATUSES[
        (STATUSES.indexOf(from as (typeof STATUSES)[number]) + 1) % STATUSES.length
      ] as string;
      const change: Change = { bayId, to, sentAt: now(), answeredAt: Number.NaN };
      const index = changes.push(change) - 1;
      tally.latestChange.set(`${bayId}|${to}`, index);
      // The next change of this bay starts from this one, even while this call is still on its way.
      bays.set(bayId, to);
      inFlight += 1;
      const call = setBayStatus(base, token, bayId, to)
        .then(() => {
          change.answeredAt = now();
        })
        .catch(() => {
          failed += 1;
          tally.latestChange.delete(`${bayId}|${to}`);
        })
        .finally(() => {
          inFlight -= 1;
          pending.delete(call);
        });
      pending.add(call);
    }
    await sleep(5);
  }
  await Promise.all(pending);
  return { made, failed, seconds: (now() - started) / 1000 };
}

function latencyLine(label: string, values: number[]) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return `${label}: p50 ${fmt(percentile(sorted, 50), 1)} ms, p99 ${fmt(percentile(sorted, 99), 1)} ms, max ${fmt(sorted.at(-1) ?? Number.NaN, 1)} ms (${fmt(sorted.length)} deliveries)`;
}

/**
 * 1. Fan-out: RATE changes a second for SECONDS while every client listens; prints the latencies, the
 * server's CPU and memory (`pid`), and each client against the journal.
 */
async function fanOut(
  base: string,
  driverToken: string,
  bays: Map<string, string>,
  databaseUrl: string,
  pid: number,
  clients: Client[],
) {
  const since = await maxSeq(databaseUrl);
  const cpu0 = processCpuSeconds(pid);
  const self0 = process.cpuUsage();
  let rssMax = 0;
  const rssTimer = setInterval(() => {
    rssMax = Math.max(rssMax, processRssMb(pid));
  }, 1000);
  tally.measuring = true;
  const messagesBefore = tally.messages;
  const end = now() + SECONDS * 1000;
  const driven = await drive(base, driverToken, bays, () => now() >= end);
  const cpuSeconds = processCpuSeconds(pid) - cpu0;
  const self = process.cpuUsage(self0);
  const load = os.loadavg()[0] ?? 0;
  clearInterval(rssTimer);
  await settle();
  tally.measuring = false;
  const delivered = tally.messages - messagesBefore;
  const fromSaved = tally.arrivals.map((a) => a.at - a.savedAt);
  const fromAnswer = tally.arrivals.map((a) => a.at - (changes[a.change]?.answeredAt ?? Number.NaN));
  const fromSent = tally.arrivals.map((a) => a.at - (changes[a.change]?.sentAt ?? Number.NaN));
  const answers = changes.map((c) => c.answeredAt - c.sentAt);
  const check = await verify(databaseUrl, clients, since);
  const violations = clients.reduce((sum, c) => sum + c.violations, 0);
  const duplicates = clients.reduce((sum, c) => sum + c.duplicates, 0);
  console.log(
    `\n1. Fan-out: ${fmt(driven.made)} changes in ${fmt(driven.seconds, 1)} s ` +
      `(${fmt(driven.made / driven.seconds, 1)}/s, ${driven.failed} failed), ${fmt(check.journalRows)} journal rows`,
  );
  console.log(`   ${latencyLine('API call (request → answer)', answers)}`);
  console.log(`   ${latencyLine('status saved (event `at`) → event at the socket', fromSaved)}`);
  console.log(`   ${latencyLine('API answer → event at the socket', fromAnswer)}`);
  console.log(`   ${latencyLine('API request sent → event at the socket', fromSent)}`);
  console.log(
    `   messages delivered: ${fmt(delivered)} (${fmt(delivered / driven.seconds)}/s); ` +
      `server CPU ${fmt((cpuSeconds / driven.seconds) * 100)} % of one core, RSS max ${fmt(rssMax)} MB; ` +
      `bench process (clients + driver) ${fmt(((self.user + self.system) / 1e6 / driven.seconds) * 100)} %; ` +
      `load average ${fmt(load, 1)}`,
  );
  console.log(
    `   journal check: ${fmt(check.expected)} expected deliveries, missing ${check.missing} ` +
      `(${check.socketsMissing} sockets), not allowed ${check.extra}, duplicates ${duplicates}, ` +
      `violations (an ungranted facility's event at an operator) ${violations}`,
  );
}

async function main() {
  assertBuilt();
  const dbName = `vd_bench_rt_${randomBytes(4).toString('hex')}`;
  await ensureDatabase(ADMIN_URL, dbName);
  const databaseUrl = withDatabase(ADMIN_URL, dbName);
  let server: ChildProcess | null = null;
  const clients: Client[] = [];
  try {
    await seedBays(databaseUrl, LOCATIONS, BAYS_PER_LOCATION);
    const users = await insertUsers(databaseUrl, {
      admins: ADMINS,
      operators: USERS - ADMINS,
      grantsEach: GRANTS,
    });
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    const { rows: bayRows } = await pool.query<{ id: string; status: string }>(
      'select id, status from bays order by random()',
    );
    await pool.end();
    const bays = new Map(bayRows.map((b) => [b.id, b.status]));
    const admin = { email: 'bench-driver@example.com', password: randomBytes(12).toString('hex') };
    const port = await freePort();
    const serverEnv = { databaseUrl, port, secretKey: randomBytes(32).toString('hex'), admin };
    let started = await startServer(serverEnv);
    server = started.child;
    const base = started.base;
    const driverToken = await signIn(base, admin);

    const tokens = new Map<string, string>();
    for (let i = 0; i < users.length; i += 5)
      await Promise.all(users.slice(i, i + 5).map(async (u) => tokens.set(u.id, await signIn(base, u))));
    const connectStart = now();
    for (let i = 0; i < SOCKETS; i += 50) {
      const batch = Array.from({ length: Math.min(50, SOCKETS - i) }, (_, k) => {
        const user = users[(i + k) % users.length] as BenchUser;
        return openClient(base, user, tokens.get(user.id) as string);
      });
      clients.push(...(await Promise.all(batch)));
    }
    const grants = users.filter((u) => u.role === 'operator').map((u) => u.locationIds.length);
    console.log(
      `${fmt(SOCKETS)} sockets for ${USERS} users (${ADMINS} admins, ${USERS - ADMINS} operators with ` +
        `${Math.min(...grants)}–${Math.max(...grants)} of ${LOCATIONS} facilities each), ` +
        `${fmt(bays.size)} bays; connected in ${fmt(now() - connectStart)} ms`,
    );

    if (process.env.SKIP_FANOUT !== '1')
      await fanOut(base, driverToken, bays, databaseUrl, server.pid as number, clients);

    if (process.env.SKIP_RESTART !== '1') {
      // 2. Restart while changes keep coming.
      for (const client of clients) client.resyncedAt = null;
      const since = await maxSeq(databaseUrl);
      const changesBefore = changes.length;
      const reconnectsBefore = clients.reduce((sum, c) => sum + c.reconnects, 0);
      let stopDriving = false;
      const driving = drive(base, driverToken, bays, () => stopDriving);
      await sleep(RESTART_SECONDS * 1000);
      const killedAt = now();
      await stopServer(server, RESTART_SIGNAL);
      const stoppedAt = now();
      started = await startServer(serverEnv);
      server = started.child;
      const readyAt = now();
      let allBackAt = Number.NaN;
      for (let i = 0; i < 1200; i++) {
        if (clients.every((c) => c.connected && c.resyncedAt !== null)) {
          allBackAt = Math.max(...clients.map((c) => c.resyncedAt as number));
          break;
        }
        await sleep(50);
      }
      await sleep(RESTART_SECONDS * 1000);
      stopDriving = true;
      const driven = await driving;
      // Under load a resume can time out and the socket connect and resume again: the journal check waits
      // for every socket's latest resume, or it would count what is still on its way as lost.
      for (let i = 0; i < 1200 && !clients.every((c) => c.connected && c.resyncedAt !== null); i++)
        await sleep(50);
      await settle();
      const refetched = clients.filter((c) => c.refetch > 0);
      const check = await verify(
        databaseUrl,
        clients.filter((c) => c.refetch === 0),
        since,
      );
      const resynced = clients
        .filter((c) => c.resyncedAt !== null)
        .map((c) => (c.resyncedAt as number) - killedAt);
      resynced.sort((a, b) => a - b);
      const violations = clients.reduce((sum, c) => sum + c.violations, 0);
      const reconnects = clients.reduce((sum, c) => sum + c.reconnects, 0) - reconnectsBefore;
      console.log(
        `\n2. Restart (${RESTART_SIGNAL}): ${fmt(driven.made)} changes tried in ${fmt(driven.seconds, 1)} s, ` +
          `${driven.failed} refused or unanswered while the server was away; ${fmt(check.journalRows)} journal rows`,
      );
      const answered = changes.slice(changesBefore).filter((c) => Number.isFinite(c.answeredAt));
      const journaled = await journaledChanges(databaseUrl, since);
      console.log(
        `   changes answered 200: ${fmt(answered.length)}, answered but never journaled: ` +
          `${answeredNotJournaled(answered, journaled.updatedByBay)} (per bay, answers beyond its bay.updated rows); ` +
          `${fmt(journaled.unchanged)} of them set the status the bay already had (the driver's next status ` +
          `runs ahead of a refused call: three refused in a row bring a bay round its four statuses), so ` +
          `${fmt(check.statusRows)} bay.status_changed rows`,
      );
      console.log(
        `   stop took ${fmt(stoppedAt - killedAt)} ms, start → ready ${fmt(readyAt - stoppedAt)} ms; ` +
          `all ${fmt(clients.length)} sockets back and resynced ${fmt(allBackAt - killedAt)} ms after the stop ` +
          `(${fmt(allBackAt - readyAt)} ms after ready); ${fmt(reconnects)} reconnects`,
      );
      console.log(
        `   resynced after the stop: p50 ${fmt(percentile(resynced, 50))} ms, p99 ${fmt(percentile(resynced, 99))} ms`,
      );
      console.log(
        `   updates lost (journal rows a socket may see, never received): ${check.missing} ` +
          `(${check.socketsMissing} sockets) of ${fmt(check.expected)}, over the ${fmt(clients.length - refetched.length)} ` +
          `sockets resumed by events; not allowed ${check.extra}; violations so far ${violations}`,
      );
      console.log(
        `   answered refetch (more than the resume cap of 1,000 waiting): ${refetched.length} sockets ` +
          `(${new Set(refetched.map((c) => c.user.role)).size ? [...new Set(refetched.map((c) => c.user.role))].join(', ') : '-'}); ` +
          `failed reconnect attempts: ${[...tally.connectErrors].map(([m, n]) => `${n}× ${m}`).join(', ') || 'none'}`,
      );
    }
  } finally {
    tally.stopping = true;
    for (const client of clients) client.socket.disconnect();
    if (server) await stopServer(server);
    await dropDatabase(ADMIN_URL, dbName);
  }
}

await main();
