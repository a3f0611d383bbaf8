import { createSimulator, type Simulator } from '@vaskedrift/simulator';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { wireLocation } from '../../../test/engine';
import { createTestApp, createUser, type SessionBody, signIn, type TestContext } from '../../../test/helpers';
import { type ApiClient, caller, createBay } from '../../../test/locations';
import { insertRecipient } from '../../../test/notify';
import { callApi } from '../../../test/people';
import type { Clock } from '../../lib/clock';

/*
 * Issue 22, fault 5: the server's clock put forward 2 h, then back 1 h, while the engine checks APIs, a
 * maintenance job waits for its reminders and a critical alert for its escalation (decision 030).
 *
 * The server's wall clock is injected (`buildApp({ clock })`) and moved here. The claim of checks runs on
 * PostgreSQL's `now()`, which no test can move; what the claim sees after a jump of the database's clock
 * (on the same host) is every `next_check_at` shifted the other way, so the scheduler's tests shift them.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const INTERVAL_S = 30;
const WAIT = { timeout: 60_000, interval: 100 };

/** The system clock plus an offset the test moves. */
function movableClock(): Clock & { jump(ms: number): void } {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    jump(ms: number) {
      offset += ms;
    },
  };
}

let ctx: TestContext;
let sim: Simulator;
const clock = movableClock();
/** APIs checked every 30 s, and one checked hourly whose check, made due, shows the scheduler has ticked. */
const fleet: Array<{ apiId: string; simLocationId: string }> = [];
let canary: { apiId: string; simLocationId: string };
/** An hourly API with two bays; a test makes a bay critical and checks it at once. */
let alarm: { apiId: string; simLocationId: string; locationId: string; bays: Map<string, string> };

const q = (text: string, values: unknown[] = []) => ctx.database.pool.query(text, values);
const admin = (): Promise<ApiClient> => caller(ctx, 'admin');
const requests = (simLocationId: string) => sim.control.stats().locations[simLocationId]?.requests ?? 0;

beforeAll(async () => {
  sim = await createSimulator({ locationCount: 5, baysPerLocation: 2, drift: false });
  ctx = await createTestApp({ ALLOW_LOOPBACK_TARGETS: 'true' }, { backgroundChecks: true, clock });
  const wiring = await admin();
  const [alarmLocation, ...rest] = sim.locations;
  const canaryLocation = rest.pop();
  if (!alarmLocation || !canaryLocation) throw new Error('for få anlegg');
  const hourly = { api: { checkInterval: 3600 } };
  const a = await wireLocation(wiring, sim, alarmLocation, { paths: ['temperature'], ...hourly });
  alarm = { apiId: a.apiId, simLocationId: alarmLocation.id, locationId: a.locationId, bays: a.bays };
  const c = await wireLocation(wiring, sim, canaryLocation, { bays: 1, ...hourly });
  canary = { apiId: c.apiId, simLocationId: canaryLocation.id };
  for (const location of rest) {
    const w = await wireLocation(wiring, sim, location, { bays: 1, api: { checkInterval: INTERVAL_S } });
    fleet.push({ apiId: w.apiId, simLocationId: location.id });
  }
  // Every new API is checked within 2 s: the engine runs.
  await vi.waitFor(() => {
    for (const f of sim.locations) expect(requests(f.id)).toBeGreaterThan(0);
  }, WAIT);
});
afterAll(async () => {
  await ctx?.close();
  await sim?.close();
});

/** Makes the canary due in a second and waits for its check: the scheduler has claimed since it fell due. */
async function canaryChecked(): Promise<void> {
  const before = requests(canary.simLocationId);
  await q(`update apis set next_check_at = now() + interval '1 second' where id = $1`, [canary.apiId]);
  await vi.waitFor(() => expect(requests(canary.simLocationId)).toBeGreaterThan(before), WAIT);
}

/** Shifts the fleet's `next_check_at` as a jump of the database's clock by `ms` would look to the claim. */
async function databaseClockJumps(ms: number): Promise<void> {
  await q(
    `update apis set next_check_at = next_check_at - make_interval(secs => $2::float8 / 1000) where id = any($1)`,
    [fleet.map((f) => f.apiId), ms],
  );
}

/**
 * After a jump, waits until every fleet API is checked again, then for the canary; each fleet API may have
 * been checked at most once per half interval of that time (a claim puts the next slot at least half an
 * interval ahead, decision 009): a storm would check it at every tick.
 */
async function eachCheckedOnceMore(): Promise<void> {
  const started = performance.now();
  const before = fleet.map((f) => requests(f.simLocationId));
  await vi.waitFor(() => {
    for (const [i, f] of fleet.entries()) expect(requests(f.simLocationId)).toBeGreaterThan(before[i] ?? 0);
  }, WAIT);
  await canaryChecked();
  const allowed = 1 + Math.floor((performance.now() - started) / ((INTERVAL_S * 1000) / 2));
  const checks = fleet.map((f, i) => requests(f.simLocationId) - (before[i] ?? 0));
  for (const n of checks) {
    expect(n).toBeGreaterThanOrEqual(1);
    expect(n).toBeLessThanOrEqual(allowed);
  }
  // Every slot is back within the claim's reach: at most one and a half intervals ahead.
  const { rows } = await q(
    `select count(*)::int as n from apis
     where id = any($1) and next_check_at > now() + make_interval(secs => check_interval * 1.5)`,
    [fleet.map((f) => f.apiId)],
  );
  expect(rows[0].n).toBe(0);
}

describe('the scheduler through clock jumps', () => {
  it('checks each API once after a jump forward, and goes on checking within an interval after a jump back', {
    timeout: 180_000,
  }, async () => {
    // Forward 2 h: every slot is 2 h overdue. Each API is checked once, not once per missed slot.
    clock.jump(2 * HOUR);
    await databaseClockJumps(2 * HOUR);
    await eachCheckedOnceMore();

    // Back 1 h: every slot is an hour away. The scheduler brings them back within an interval, keeping
    // their phase, instead of checking nothing for an hour.
    clock.jump(-HOUR);
    await databaseClockJumps(-HOUR);
    await eachCheckedOnceMore();
  });
});

describe('reminders and escalations through clock jumps', () => {
  /** Makes a bay of the alarm facility critical and checks it now; its open alert's id. */
  async function critical(bayKey: string): Promise<string> {
    const bayId = alarm.bays.get(bayKey);
    sim.control.setValues(alarm.simLocationId, bayKey, { temperature: 95 });
    await q(`update apis set next_check_at = now() where id = $1`, [alarm.apiId]);
    return vi.waitFor(async () => {
      const { rows } = await q(
        `select id from alerts where bay_id = $1 and resolved_at is null and level = 'critical'`,
        [bayId],
      );
      expect(rows).toHaveLength(1);
      return rows[0].id as string;
    }, WAIT);
  }

  /** Runs the reminders and the escalation as their loops do, on the server's clock, then dispatches. */
  async function runLoops() {
    const done = await ctx.app.notifying.reminders.runDue();
    await ctx.app.statusEngine.escalation.escalateDue();
    await ctx.app.notifying.dispatcher.dispatchDue();
    return done;
  }

  /** The addresses told of each event of a type about the job or alerts, in the order recorded. */
  async function told(type: string, about: { jobId?: string; alertIds?: string[] }): Promise<string[][]> {
    const { rows } = await q(
      `select e.id, coalesce(array_agg(o."to" order by o."to") filter (where o.id is not null), '{}') as "to"
       from notification_events e left join outbox o on o.event_id = e.id and o.channel = 'email'
       where e.type = $1 and (e.maintenance_id = $2 or e.alert_id = any($3))
       group by e.id order by e.id`,
      [type, about.jobId ?? null, about.alertIds ?? []],
    );
    return rows.map((row) => row.to);
  }

  it('tell each reminder, the overdue notice and each escalation once, and none stops after the jump back', {
    timeout: 120_000,
  }, async () => {
    await insertRecipient(
      ctx,
      { name: 'Vakt', email: 'vakt@example.no' },
      { tags: ['reminders', 'escalation'] },
    );
    await insertRecipient(
      ctx,
      { name: 'Sjelden', email: 'sjelden@example.no' },
      { tags: ['reminders'], reminderMinutes: 30 },
    );
    const manager = await admin();
    const bayId = await createBay(manager, alarm.locationId, { name: 'Hall under arbeid' });
    const started = await manager.post('backend/bays/maintenance/start', {
      bayId,
      type: 'service',
      assigneeId: null,
      customAssignee: { name: 'Rørlegger Hansen', email: 'hansen@example.no', phone: '+47 912 34 567' },
      reminderHours: 0,
      reminderMinutes: 30,
      expiresAt: new Date(clock.now().getTime() + 90 * MINUTE).toISOString(),
      description: 'Bytte pumpe',
    });
    expect(started.statusCode).toBe(200);
    const jobId = started.json().data.id as string;
    const first = await critical('hall-1');
    expect(await runLoops()).toEqual({ reminders: 0, overdue: 0 });
    expect(await told('alert.unacknowledged', { alertIds: [first] })).toEqual([]);

    // Forward 2 h: the first reminder, the overdue notice and the escalation, once each, however often the
    // loops run.
    clock.jump(2 * HOUR);
    expect(await runLoops()).toEqual({ reminders: 1, overdue: 1 });
    expect(await runLoops()).toEqual({ reminders: 0, overdue: 0 });
    const second = await critical('hall-2');

    // Back 1 h: the next reminder (due 2 h 30 min on the clock as it was) comes a delay from now, and the
    // alert that turned critical while the clock was ahead escalates 15 minutes from now.
    clock.jump(-HOUR);
    expect(await runLoops()).toEqual({ reminders: 0, overdue: 0 });
    const { rows } = await q('select next_reminder_at from maintenance_jobs where id = $1', [jobId]);
    expect(rows[0].next_reminder_at.getTime()).toBeLessThanOrEqual(clock.now().getTime() + 30 * MINUTE);
    expect(await told('alert.unacknowledged', { alertIds: [second] })).toEqual([]);
    clock.jump(31 * MINUTE);
    expect(await runLoops()).toEqual({ reminders: 1, overdue: 0 });
    expect(await runLoops()).toEqual({ reminders: 0, overdue: 0 });

    const everyone = ['hansen@example.no', 'sjelden@example.no', 'vakt@example.no'];
    // `sjelden` (every 30 min) gets the second too: the first one's row, stamped while the clock was ahead,
    // does not hold it back for the hour the clock went back.
    expect(await told('maintenance.reminder', { jobId })).toEqual([everyone, everyone]);
    expect(await told('maintenance.overdue', { jobId })).toEqual([everyone]);
    expect(await told('alert.unacknowledged', { alertIds: [first, second] })).toEqual([
      ['vakt@example.no'],
      ['vakt@example.no'],
    ]);
  });
});

describe('sessions through clock jumps', () => {
  const auth = (method: 'POST', url: string, token?: string, payload?: Record<string, unknown>) =>
    ctx.app.inject({
      method,
      url: `/auth/v1/${url}`,
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
      ...(payload ? { payload } : {}),
    });
  /** What the API answers the session's access token (401: the web client refreshes and retries). */
  const apiStatus = async (session: SessionBody) =>
    (await callApi(ctx, session.access_token, 'POST', 'backend/locations/get', { page: 1, perPage: 5 }))
      .statusCode;
  const refresh = (session: SessionBody) =>
    auth('POST', 'token?grant_type=refresh_token', undefined, { refresh_token: session.refresh_token });

  it('an access token holds from its issue to its expiry on the server clock; the session and its refresh outlive both jumps', async () => {
    const user = await createUser(ctx);
    const signedIn = await signIn(ctx, user.email);
    expect(await apiStatus(signedIn)).toBe(200);

    // Forward 2 h: the 15-minute token has expired; the session has not, and a refresh starts a new token.
    clock.jump(2 * HOUR);
    expect(await apiStatus(signedIn)).toBe(401);
    const refreshed = await refresh(signedIn);
    expect(refreshed.statusCode).toBe(200);
    const ahead: SessionBody = refreshed.json();
    expect(await apiStatus(ahead)).toBe(200);
    // A second tab refreshing with the same token at the same moment gets a sibling, as without a jump:
    // the grace window is measured in SQL, on the clock that stamped the first refresh, so no clock of the
    // server's (injected here, or the system's when the database runs elsewhere) can move it.
    expect((await refresh(signedIn)).statusCode).toBe(200);
    expect(await apiStatus(ahead)).toBe(200);

    // Back 1 h: the token issued while the clock was ahead would otherwise live 1 h 15 min; it is refused
    // (issued ahead of the clock), the old one stays expired, and the session refreshes.
    clock.jump(-HOUR);
    expect(await apiStatus(ahead)).toBe(401);
    expect(await apiStatus(signedIn)).toBe(401);
    const again = await refresh(ahead);
    expect(again.statusCode).toBe(200);
    const current: SessionBody = again.json();
    expect(await apiStatus(current)).toBe(200);

    // Signing out ends the session whatever the token's expiry says.
    expect((await auth('POST', 'logout', current.access_token)).statusCode).toBe(204);
    expect(await apiStatus(current)).toBe(401);
  });
});
