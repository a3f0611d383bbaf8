import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_INTERVAL_S, type Rig, startRig } from '../test/fault-rig';
import { brief, type FaultReport, runAbsentAtStart, runDatabaseFault } from '../test/fault-scenarios';

/*
 * Issue 22: PostgreSQL restarted, stopped and absent under real server processes. One cluster of the test's
 * own (test/pg-cluster.ts) and two server instances on it with checks running, live-channel clients on both
 * and a steady loop of changes through both, shared by the faults (test/fault-rig.ts). Each fault first
 * changes a value at the simulated controller so a notification is on its way, and the SMTP server holds
 * its answer until the database goes down (test/fault-scenarios.ts).
 */

let rig: Rig;

beforeAll(async () => {
  rig = await startRig();
}, 180_000);

afterAll(async () => {
  await rig?.close();
}, 60_000);

/** What a user and an operator notice after a fault, the same for every fault. */
function expectSurvived(report: FaultReport) {
  // Both processes are still there.
  expect(report.alive).toEqual(rig.servers.map(() => true));
  // Users saw 503 at worst: never a 500, never a request left hanging.
  const statuses = Object.keys(report.loop.byStatus).map(Number);
  expect(
    statuses.filter((s) => s !== 200 && s !== 503),
    JSON.stringify(report.loop),
  ).toEqual([]);
  expect(report.loop.timedOut).toBe(0);
  // Checks went on within one interval of the database coming back: at the API's next slot, or at once when
  // that slot passed during the fault (10 s of slack for a loaded machine; the scheduler ticks every 250 ms).
  expect(report.checksResumedMs, 'ingen sjekk etter bruddet').not.toBeNull();
  expect(report.checksResumedMs).toBeLessThanOrEqual(CHECK_INTERVAL_S * 1000);
  expect(report.checksResumedMs).toBeLessThanOrEqual(Math.max(0, report.checkDueMs) + 10_000);
  // Every journalled event reached every client, live or resumed; every answered change was journalled.
  expect(report.missed).toEqual(Object.fromEntries(rig.clients.map((c) => [c.name, []])));
  expect(report.unjournaled).toEqual([]);
  expect(rig.clients.filter((c) => !c.socket.connected).map((c) => c.name)).toEqual([]);
  // The value change made one notification, delivered once; the whole outbox is delivered, once.
  expect(report.mail).toMatchObject({ unsent: 0, duplicates: 0, missing: 0 });
  // One error-level line per outage and instance at most, not one per request or loop.
  for (const lines of report.errorLines) expect(lines.length, lines.join('\n')).toBeLessThanOrEqual(1);
}

describe('PostgreSQL faults under two running servers', () => {
  it.each(['fast', 'immediate'] as const)(
    'PostgreSQL restarted with -m %s: both stay up, checks resume, no event lost, no e-mail twice',
    async (mode) => {
      const report = await runDatabaseFault(rig, `restart-${mode}`);
      console.info(JSON.stringify(brief(report)));
      expectSurvived(report);
      expect(report.notificationEvents).toHaveLength(1);
    },
    240_000,
  );

  it('PostgreSQL away for 30 s: requests answer 503 meanwhile, one error line per instance, all back after', async () => {
    const report = await runDatabaseFault(rig, 'outage', 30_000);
    console.info(JSON.stringify(brief(report)));
    expectSurvived(report);
    expect(report.notificationEvents).toHaveLength(1);
    // What users and load balancers got while the database was away: answers, not a hang, not a 500.
    expect(report.probes.length).toBeGreaterThan(0);
    // /auth/v1 answers in GoTrue's shape (auth-js retries a 503); /api/v1 with the API's code.
    const answers = new Set(
      report.probes.map((p) =>
        `${p.what} ${p.status} ${p.what === 'innlogging' ? '' : (p.code ?? '')}`.trim(),
      ),
    );
    expect([...answers].sort()).toEqual([
      'apis/get 503 misc/database-unavailable',
      'innlogging 503',
      'live 200',
      'ready 503 misc/database-unavailable',
    ]);
    // The loop ran into the outage: it is the same fault the users saw.
    expect(report.loop.byStatus['503'] ?? 0).toBeGreaterThan(0);
    // The clients whose connection dropped during the outage came back and resumed (checked above).
    expect(report.reconnects).toBeGreaterThanOrEqual(rig.clients.length / 2);
  }, 300_000);

  it('PostgreSQL not there at start-up: the server waits with a Norwegian line, answers live 200 and ready 503, then starts', async () => {
    const report = await runAbsentAtStart(rig);
    console.info(JSON.stringify({ ...(brief(report) as object), startUp: report.startUp }));
    const { startUp } = report;
    expect(startUp.waitingLine).toContain('venter på databasen');
    expect(startUp.exitedWhileWaiting).toBe(false);
    expect([startUp.liveWhileWaiting, startUp.readyWhileWaiting]).toEqual([200, 503]);
    expect(startUp.readyAfterMs, 'ble ikke klar etter at databasen kom').not.toBeNull();
    expect(startUp.signIn).toBe(200);
    expect(startUp.errorLines).toEqual([]);
    // The two running instances lived through the same outage.
    expectSurvived(report);
    // Nothing to tell anyone: an outage of our own database is not a controller going down.
    expect(report.notificationEvents).toEqual([]);
  }, 240_000);
});
