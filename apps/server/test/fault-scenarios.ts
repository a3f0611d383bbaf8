import { randomBytes } from 'node:crypto';
import { ADMIN, request, waitFor } from './fault-actors';
import {
  answers,
  errorLines,
  lastSuccessAt,
  type MailState,
  mailState,
  newestNotificationEvent,
  running,
  within,
} from './fault-measures';
import { CHECK_INTERVAL_S, newestSeq, type Rig, rows } from './fault-rig';

/*
 * The database faults of issue 22, each run against the rig (fault-rig.ts) and measured the same way for the
 * test (db-faults.int.test.ts asserts on the report) and the bench (bench/faults.ts prints it).
 */

type FaultName = 'restart-fast' | 'restart-immediate' | 'outage' | 'absent-at-start';

type Probe = { what: string; server: number; status: number; code?: string; ms: number };

export type FaultReport = {
  fault: FaultName;
  /** Per server of the rig: still running after the fault. */
  alive: boolean[];
  /** The change loop during the fault: answers by status (0: none), and first to last non-2xx. */
  loop: { answers: number; byStatus: Record<string, number>; timedOut: number; errorWindowMs: number };
  /** Requests sent on purpose while the database was away. */
  probes: Probe[];
  /** From the database back to the first successful check after it (null: none within an interval + 20 s). */
  checksResumedMs: number | null;
  /** When that check was due by the API's schedule, from the database back (negative: due during the fault). */
  checkDueMs: number;
  /** Journal rows written since the fault began that a client never got, by client. */
  missed: Record<string, number[]>;
  /** Changes answered 200 whose event never reached the journal. */
  unjournaled: string[];
  /** During the fault: events a client got again (it drops them), reconnects, resumes answered `refetch`. */
  repeats: number;
  reconnects: number;
  refetches: number;
  /** Notification events the fault's value change made (exactly one is right). */
  notificationEvents: string[];
  /** E-mail outbox against what the SMTP server accepted, over the whole run so far. */
  mail: MailState;
  /** Error-level (≥ 50) lines each server logged during the fault. */
  errorLines: string[][];
};

export type StartUpReport = {
  /** The line that says it waits, or null when none came. */
  waitingLine: string | null;
  liveWhileWaiting: number;
  readyWhileWaiting: number;
  exitedWhileWaiting: boolean;
  /** From the database started to `ready` 200 (null: not within 90 s). */
  readyAfterMs: number | null;
  signIn: number;
  errorLines: string[];
};

/** The report with each error line cut to its message, for the test's output. */
export function brief(report: FaultReport): unknown {
  return {
    ...report,
    probes: report.probes.length,
    errorLines: report.errorLines.map((lines) =>
      lines.map((line) => (JSON.parse(line) as { msg?: string }).msg ?? line),
    ),
  };
}

type Phase = {
  fault: FaultName;
  marks: number[];
  startedAt: number;
  eventsBefore: number;
  duplicatesBefore: number;
  /** The journal's newest `seq` when the fault began: what came after must reach every client. */
  seqBefore: number;
  clientsBefore: { repeats: number; connects: number; refetches: number };
};

const clientTotals = (rig: Rig) => ({
  repeats: rig.clients.reduce((n, c) => n + c.repeats, 0),
  connects: rig.clients.reduce((n, c) => n + c.connects, 0),
  refetches: rig.clients.reduce((n, c) => n + c.refetches, 0),
});

async function beginPhase(rig: Rig, fault: FaultName): Promise<Phase> {
  return {
    fault,
    marks: rig.servers.map((s) => s.output().length),
    startedAt: Date.now(),
    eventsBefore: await newestNotificationEvent(rig),
    duplicatesBefore: (await mailState(rig)).duplicates,
    seqBefore: await newestSeq(rig),
    clientsBefore: clientTotals(rig),
  };
}

/** Sends what users and load balancers send while the database is away, until `until`. */
async function probeUntil(rig: Rig, until: number): Promise<Probe[]> {
  const probes: Probe[] = [];
  while (Date.now() < until) {
    await Promise.all(
      rig.servers.map(async (server, index) => {
        const base = `${server.url}/api/v1`;
        const sent: [string, Promise<{ status: number; code?: string; ms: number }>][] = [
          ['live', request(`${base}/misc/live`, 'GET')],
          ['ready', request(`${base}/misc/ready`, 'GET')],
          ['apis/get', request(`${base}/backend/apis/get`, 'POST', { id: rig.apiId }, rig.token())],
          ['innlogging', request(`${server.url}/auth/v1/token?grant_type=password`, 'POST', ADMIN)],
        ];
        for (const [what, answer] of sent) {
          const { status, code, ms } = await answer;
          probes.push({ what, server: index, status, ...(code ? { code } : {}), ms });
        }
      }),
    );
    await new Promise((r) => setTimeout(r, Math.min(3000, Math.max(0, until - Date.now()))));
  }
  return probes;
}

/**
 * A restart (`pg_ctl restart -m fast|immediate`) or a stop of `outageMs` under the rig. Before it, a value
 * change in the simulator makes one notification, and the SMTP server holds its answer until the database is
 * going down: the sender hears "accepted" while it cannot record it.
 */
export async function runDatabaseFault(
  rig: Rig,
  fault: 'restart-fast' | 'restart-immediate' | 'outage',
  outageMs = 30_000,
): Promise<FaultReport> {
  const phase = await beginPhase(rig, fault);
  const held = rig.smtp.holdNext();
  rig.flip();
  await within(held.arrived, 2 * CHECK_INTERVAL_S * 1000 + 15_000, 'e-posten om verdiendringen');
  const dueAt = await nextCheckAt(rig);
  let probes: Probe[] = [];
  let downAt = Date.now();
  if (fault === 'outage') {
    const until = Date.now() + outageMs;
    await rig.cluster.stop('fast');
    downAt = Date.now();
    held.release();
    // Half the browsers lose their connection meanwhile (a network drop): they reconnect into the outage,
    // are refused until it ends, and resume.
    for (const client of rig.clients.filter((_, i) => i % 2 === 0)) client.socket.io.engine.close();
    probes = await probeUntil(rig, until);
    await rig.cluster.start();
  } else {
    let done = false;
    const restarting = rig.cluster.restart(fault === 'restart-fast' ? 'fast' : 'immediate').finally(() => {
      done = true;
    });
    await waitFor(async () => done || !(await answers(rig.cluster.adminUrl)), 'databasen går ned', 60_000, 5);
    if (!done) downAt = Date.now();
    held.release();
    await restarting;
  }
  return settle(rig, phase, { downAt, backAt: Date.now(), dueAt }, probes);
}

/**
 * When the database went (a check that succeeds after it came after the fault), when it was back, and when
 * the API's next check was due by its schedule.
 */
type Timeline = { downAt: number; backAt: number; dueAt: number };

async function nextCheckAt(rig: Rig): Promise<number> {
  const [row] = await rows<{ at: Date }>(rig, 'select next_check_at as at from apis where id = $1', [
    rig.apiId,
  ]);
  return row ? row.at.getTime() : Number.NaN;
}

/** What happened, once everything that should come back has (or its deadline passed). */
async function settle(rig: Rig, phase: Phase, time: Timeline, probes: Probe[]): Promise<FaultReport> {
  await waitFor(
    async () => {
      const ready = await Promise.all(rig.servers.map((s) => request(`${s.url}/api/v1/misc/ready`, 'GET')));
      return ready.every((r) => r.status === 200);
    },
    'ready 200 på alle instansene',
    60_000,
    100,
  ).catch(() => {});
  const resumedAt = await waitFor(
    async () => {
      const at = await lastSuccessAt(rig);
      return at !== undefined && at > time.downAt ? at : undefined;
    },
    'en sjekk etter bruddet',
    CHECK_INTERVAL_S * 1000 + 20_000,
    250,
  ).catch(() => null);

  const mail = await waitFor(
    async () => {
      const state = await mailState(rig);
      return state.unsent === 0 && state.missing === 0 ? state : undefined;
    },
    'utboksen er levert',
    30_000,
    250,
  ).catch(() => mailState(rig));

  // Every journal row must reach every client, live or resumed; and every answered change the journal.
  const minSince = Math.min(...rig.clients.map((c) => c.since));
  const journal = (
    await rows<{ seq: string }>(rig, 'select seq from realtime_events where seq > $1 order by seq', [
      minSince,
    ])
  ).map((r) => Number(r.seq));
  const missedBy = () =>
    Object.fromEntries(
      rig.clients.map((c) => [c.name, journal.filter((seq) => seq > c.since && !c.applied.has(seq))]),
    );
  await waitFor(
    () =>
      Object.values(missedBy()).every((m) => m.length === 0) && rig.clients.every((c) => c.socket.connected),
    'sanntidsklientene har hele journalen',
    30_000,
  ).catch(() => {});
  const answered = rig.loop.answers.filter((a) => a.at >= phase.startedAt);
  const ok = answered.filter((a) => a.status === 200).map((a) => a.name);
  const journalled = async () =>
    new Set(
      (
        await rows<{ name: string }>(
          rig,
          `select payload->>'name' as name from realtime_events where type = 'location.updated' and location_id = $1`,
          [rig.changesLocationId],
        )
      ).map((r) => r.name),
    );
  const unjournaled = await waitFor(
    async () => {
      const names = await journalled();
      return ok.every((n) => names.has(n)) ? [] : undefined;
    },
    'hver besvarte endring er i journalen',
    30_000,
    250,
  ).catch(async () => {
    const names = await journalled();
    return ok.filter((n) => !names.has(n));
  });

  const failed = answered.filter((a) => a.status < 200 || a.status >= 300);
  const byStatus: Record<string, number> = {};
  for (const a of answered) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
  const first = failed[0];
  const last = failed.at(-1);
  const events = await rows<{ type: string }>(rig, 'select type from notification_events where id > $1', [
    phase.eventsBefore,
  ]);
  return {
    fault: phase.fault,
    alive: rig.servers.map(running),
    loop: {
      answers: answered.length,
      byStatus,
      timedOut: answered.filter((a) => a.timedOut).length,
      errorWindowMs: first && last ? last.at + last.ms - first.at : 0,
    },
    probes,
    checksResumedMs: resumedAt === null ? null : Math.max(0, resumedAt - time.backAt),
    checkDueMs: time.dueAt - time.backAt,
    missed: missedBy(),
    unjournaled,
    repeats: clientTotals(rig).repeats - phase.clientsBefore.repeats,
    reconnects: clientTotals(rig).connects - phase.clientsBefore.connects,
    refetches: clientTotals(rig).refetches - phase.clientsBefore.refetches,
    notificationEvents: events.map((e) => e.type),
    mail: { ...mail, duplicates: mail.duplicates - phase.duplicatesBefore },
    errorLines: rig.servers.map((s, i) => errorLines(s.output(), phase.marks[i])),
  };
}

/**
 * PostgreSQL not there when a server starts: a third server on a database of its own starts while the
 * cluster is stopped (the rig's two live through that outage too), then the cluster comes.
 */
export async function runAbsentAtStart(rig: Rig): Promise<FaultReport & { startUp: StartUpReport }> {
  const phase = await beginPhase(rig, 'absent-at-start');
  const databaseUrl = await rig.cluster.createDatabase(`vaskedrift_${randomBytes(4).toString('hex')}`);
  const dueAt = await nextCheckAt(rig);
  await rig.cluster.stop('fast');
  const downAt = Date.now();
  const server = await rig.startExtraServer(
    { DATABASE_URL: databaseUrl, LOG_LEVEL: 'info' },
    { waitForListening: false },
  );
  const waiting = await waitFor(
    async () => {
      if (!running(server)) throw new Error(`serveren stoppet:\n${server.output()}`);
      const line = server
        .output()
        .split('\n')
        .find((l) => l.includes('venter på databasen'));
      if (!line) return undefined;
      const live = await request(`${server.url}/api/v1/misc/live`, 'GET');
      const ready = await request(`${server.url}/api/v1/misc/ready`, 'GET');
      return live.status === 200 ? { line, live: live.status, ready: ready.status } : undefined;
    },
    'serveren venter på databasen',
    90_000,
    250,
  ).catch(() => null);
  const exitedWhileWaiting = !running(server);
  await rig.cluster.start();
  const backAt = Date.now();
  const readyAt = await waitFor(
    async () => {
      const res = await request(`${server.url}/api/v1/misc/ready`, 'GET');
      return res.status === 200 ? Date.now() : undefined;
    },
    'serveren blir klar',
    90_000,
    100,
  ).catch(() => null);
  const signIn = await request(`${server.url}/auth/v1/token?grant_type=password`, 'POST', ADMIN);
  const report = await settle(rig, phase, { downAt, backAt, dueAt }, []);
  return {
    ...report,
    startUp: {
      waitingLine: waiting?.line ?? null,
      liveWhileWaiting: waiting?.live ?? 0,
      readyWhileWaiting: waiting?.ready ?? 0,
      exitedWhileWaiting,
      readyAfterMs: readyAt === null ? null : readyAt - backAt,
      signIn: signIn.status,
      errorLines: errorLines(server.output()),
    },
  };
}
