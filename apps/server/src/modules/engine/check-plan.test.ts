import type { AttributeLevel, BayStatus } from '@vaskedrift/shared';
import { describe, expect, it } from 'vitest';
import type { OpenAlert } from '../alerts';
import type { FailureRun } from './api-run.repository';
import {
  type CheckOutcome,
  type CheckStart,
  type CheckState,
  evaluateCheck,
  planCheck,
  stateToRead,
} from './check-plan';
import type { Rule } from './rules.repository';

const at = new Date('2026-03-01T10:00:00Z');
const HEARTBEAT_MS = 15 * 60_000;
const NO_FAILURES: FailureRun = {
  failures: 0,
  lastSuccessAt: new Date('2026-03-01T09:59:30Z'),
  lastError: null,
};

/** Water pressure on bay 1: critical above 80, warning above 60, else active; read from record `b1`. */
function rule(overrides: Partial<Rule> = {}): Rule {
  return {
    id: 'metric-1',
    series: 1,
    bayId: 'bay-1',
    bayName: 'Hall 1',
    locationId: 'location-1',
    locationName: 'Majorstuen',
    apiMetricId: 'api-metric-1',
    apiMetricName: 'pressure',
    displayName: 'Vanntrykk',
    unit: 'bar',
    trueLabel: null,
    falseLabel: null,
    keyIdentifier: 'bayId',
    keyValue: 'b1',
    path: 'pressure',
    type: 'number',
    operator: 'gt',
    thresholdCritical: '80',
    thresholdWarning: '60',
    thresholdInactive: '',
    thresholdActive: '-1000',
    lastLevel: 'active',
    lastReason: null,
    storedValue: 40,
    storedAt: new Date('2026-03-01T09:59:30Z'),
    deadbandPercent: null,
    pendingChecks: 1,
    levelChecks: 0,
    ...overrides,
  };
}

function answered(records: unknown[]): CheckOutcome {
  return { ok: true, json: records, httpStatus: 200, bytes: 100, durationMs: 40, startedAt: at };
}

const refused: CheckOutcome = {
  ok: false,
  error: 'tilkoblingen ble avvist',
  code: 'connection_refused',
  httpStatus: null,
  bytes: null,
  durationMs: 5,
  startedAt: at,
};

function start(outcome: CheckOutcome, storedRun = NO_FAILURES): CheckStart {
  return {
    api: {
      id: 'api-1',
      key: 7,
      name: 'Kontroller',
      details: {},
      consecutiveFailures: 0,
      lastSuccessAt: null,
      rulesVersion: 1,
    },
    outcome,
    source: 'poll',
    records: outcome.ok ? (outcome.json as Array<Record<string, unknown>>) : null,
    at,
    threshold: 3,
    storedRun,
  };
}

/** What the apply step would read: bay 1 with its status and one other attribute, maintenance, open alerts. */
function state(options: {
  status?: BayStatus;
  otherLevel?: AttributeLevel;
  inMaintenance?: boolean;
  openAlert?: OpenAlert;
  firstFailure?: Date;
}): CheckState {
  return {
    bays: {
      bays: [
        {
          id: 'bay-1',
          locationId: 'location-1',
          status: options.status ?? 'operational',
          monitored: true,
          now: at,
          attributes: [
            { id: 'metric-1', level: 'active' },
            { id: 'metric-2', level: options.otherLevel ?? 'active' },
          ],
        },
      ],
      inMaintenance: new Set(options.inMaintenance ? ['bay-1'] : []),
    },
    openAlerts: new Map(options.openAlert ? [['metric-1', options.openAlert]] : []),
    firstFailure: options.firstFailure ?? null,
  };
}

async function plan(begin: CheckStart, rules: Rule[], read: CheckState) {
  const evaluated = await evaluateCheck(begin, rules);
  return { toRead: stateToRead(begin, evaluated), plan: planCheck(begin, evaluated, read, HEARTBEAT_MS) };
}

describe('planCheck: readings and levels', () => {
  it('a value over the critical threshold opens a critical alert, stores the reading and makes the bay an error', async () => {
    const { toRead, plan: p } = await plan(
      start(answered([{ bayId: 'b1', pressure: 92 }])),
      [rule()],
      state({}),
    );
    expect(toRead).toEqual({ bayIds: ['bay-1'], changedAttributeIds: ['metric-1'], apiChange: null });
    expect(p.attributes).toEqual([
      expect.objectContaining({ series: 1, value: 92, level: 'critical', stored: true, levelChecks: 1 }),
    ]);
    expect(p.readings).toEqual({ api: 7, at, rows: [{ series: 1, value: 92, level: 'critical' }] });
    expect(p.alerts.transitions.open).toEqual([
      expect.objectContaining({ bayMetricId: 'metric-1', alertLevel: 'critical', inMaintenance: false }),
    ]);
    expect(p.alerts.settled).toEqual([
      expect.objectContaining({ level: 'critical', previousLevel: 'active', threshold: '80', value: 92 }),
    ]);
    expect(p.statusChanges).toEqual([
      expect.objectContaining({ bayId: 'bay-1', status: 'error', monitored: true, changedBy: null }),
    ]);
    expect(p.events.levelChanged).toEqual([
      {
        bayId: 'bay-1',
        locationId: 'location-1',
        changes: [
          { bayMetricId: 'metric-1', attributeName: 'Vanntrykk', from: 'active', to: 'critical', value: 92 },
        ],
        at,
      },
    ]);
    expect(p.apiRun).toEqual({ ok: true });
    expect(p.log.always).toBe(false);
  });

  it("announces a check's level changes as one event a bay, each attribute's change in it", async () => {
    const { plan: p } = await plan(
      start(
        answered([
          { bayId: 'b1', pressure: 92, temperature: 20 },
          { bayId: 'b2', pressure: 45 },
        ]),
      ),
      [
        rule({ lastLevel: null }),
        rule({ id: 'metric-2', series: 2, path: 'temperature', displayName: 'Temperatur', lastLevel: null }),
        rule({ id: 'metric-3', series: 3, bayId: 'bay-2', keyValue: 'b2', lastLevel: 'active' }),
        rule({ id: 'metric-4', series: 4, bayId: 'bay-3', keyValue: 'b2', lastLevel: 'critical' }),
      ],
      state({}),
    );
    expect(p.events.levelChanged).toEqual([
      {
        bayId: 'bay-1',
        locationId: 'location-1',
        changes: [
          { bayMetricId: 'metric-1', attributeName: 'Vanntrykk', from: null, to: 'critical', value: 92 },
          { bayMetricId: 'metric-2', attributeName: 'Temperatur', from: null, to: 'active', value: 20 },
        ],
        at,
      },
      {
        bayId: 'bay-3',
        locationId: 'location-1',
        changes: [
          { bayMetricId: 'metric-4', attributeName: 'Vanntrykk', from: 'critical', to: 'active', value: 45 },
        ],
        at,
      },
    ]);
  });

  it('back to normal resolves the open alert and the bay is operational again', async () => {
    const { plan: p } = await plan(
      start(answered([{ bayId: 'b1', pressure: 45 }])),
      [rule({ lastLevel: 'critical', storedValue: 92 })],
      state({ status: 'error', openAlert: { id: 'alert-1', level: 'critical' } }),
    );
    expect(p.alerts.transitions.resolve).toEqual([
      expect.objectContaining({ alertId: 'alert-1', level: 'critical' }),
    ]);
    expect(p.alerts.transitions.open).toEqual([]);
    expect(p.statusChanges).toEqual([expect.objectContaining({ bayId: 'bay-1', status: 'operational' })]);
    expect(p.alerts.settled).toEqual([
      expect.objectContaining({ level: 'active', previousLevel: 'critical' }),
    ]);
  });

  it('a warning opens a warning alert; the bay takes the worse level of its attributes', async () => {
    const { plan: p } = await plan(
      start(answered([{ bayId: 'b1', pressure: 65 }])),
      [rule()],
      state({ otherLevel: 'critical', status: 'error' }),
    );
    expect(p.alerts.transitions.open).toEqual([expect.objectContaining({ alertLevel: 'warning' })]);
    // Another attribute of the bay is critical: the bay stays an error, so no status change.
    expect(p.statusChanges).toEqual([]);
  });

  it('a level held for fewer checks than its pending period is written but not told', async () => {
    const { plan: p } = await plan(
      start(answered([{ bayId: 'b1', pressure: 92 }])),
      [rule({ pendingChecks: 3 })],
      state({}),
    );
    expect(p.attributes).toEqual([expect.objectContaining({ level: 'critical', levelChecks: 1 })]);
    expect(p.alerts.transitions.open).toHaveLength(1);
    expect(p.alerts.settled).toEqual([]);
  });
});

describe('planCheck: failed polls and API incidents', () => {
  it('a failed poll below the failure threshold changes no attribute', async () => {
    const begin = start(refused, { failures: 1, lastSuccessAt: NO_FAILURES.lastSuccessAt, lastError: 'x' });
    const { toRead, plan: p } = await plan(begin, [], state({}));
    expect(toRead).toEqual({ bayIds: [], changedAttributeIds: [], apiChange: null });
    expect(p.attributes).toEqual([]);
    expect(p.apiRun).toEqual({ ok: false, error: 'tilkoblingen ble avvist' });
    expect(p.events.checkFailed).toEqual(
      expect.objectContaining({
        consecutiveFailures: 2,
        thresholdReached: false,
        code: 'connection_refused',
      }),
    );
    expect(p.log.always).toBe(true);
    expect(p.alerts.api).toBeNull();
  });

  it("the failure that reaches the threshold makes every attribute nodata and opens the API's incidents", async () => {
    const firstFailure = new Date('2026-03-01T09:59:00Z');
    const begin = start(refused, { failures: 2, lastSuccessAt: NO_FAILURES.lastSuccessAt, lastError: 'x' });
    const { toRead, plan: p } = await plan(begin, [rule()], state({ firstFailure }));
    expect(toRead.apiChange).toBe('api.down');
    expect(p.attributes).toEqual([
      expect.objectContaining({ level: 'nodata', reason: 'API-et svarer ikke: tilkoblingen ble avvist' }),
    ]);
    expect(p.alerts.transitions.info).toEqual([expect.objectContaining({ alertId: null })]);
    expect(p.alerts.apiDown).toBe(true);
    expect(p.statusChanges).toEqual([expect.objectContaining({ status: 'inactive' })]);
    expect(p.alerts.api).toEqual(
      expect.objectContaining({
        type: 'down',
        apiId: 'api-1',
        firstFailure,
        failures: 3,
        bays: [expect.objectContaining({ bayId: 'bay-1', locationId: 'location-1' })],
      }),
    );
    expect(p.events.checkFailed).toEqual(
      expect.objectContaining({ consecutiveFailures: 3, thresholdReached: true }),
    );
  });

  it("the success after the threshold was reached resolves the API's incidents and is published as api.recovered", async () => {
    const down: FailureRun = { failures: 4, lastSuccessAt: NO_FAILURES.lastSuccessAt, lastError: 'nede' };
    const { toRead, plan: p } = await plan(
      start(answered([{ bayId: 'b1', pressure: 45 }]), down),
      [rule({ lastLevel: 'nodata', lastReason: 'API-et svarer ikke: nede' })],
      state({ status: 'inactive', firstFailure: new Date('2026-03-01T09:58:00Z') }),
    );
    expect(toRead.apiChange).toBe('api.recovered');
    expect(p.alerts.api).toEqual(expect.objectContaining({ type: 'recovered', failures: 4 }));
    expect(p.events.recovered).toEqual({ apiId: 'api-1', name: 'Kontroller', failures: 4, at });
    expect(p.statusChanges).toEqual([expect.objectContaining({ status: 'operational' })]);
    expect(p.log.always).toBe(true);
  });
});

describe('planCheck: bays in maintenance or muted, missing and steady values', () => {
  it('a bay in maintenance keeps its status, and its alerts open marked in maintenance', async () => {
    const { plan: p } = await plan(
      start(answered([{ bayId: 'b1', pressure: 92 }])),
      [rule()],
      state({ status: 'maintenance', inMaintenance: true }),
    );
    expect(p.alerts.transitions.open).toEqual([expect.objectContaining({ inMaintenance: true })]);
    expect(p.statusChanges).toEqual([]);
  });

  it('a muted bay is planned as any other: its events are recorded, and suppressed when recorded', async () => {
    // Muting is decided where events are recorded (modules/notifications/events.ts), in the same
    // transaction, so the plan tells the alert exactly as for a bay that is not muted.
    const { plan: p } = await plan(start(answered([{ bayId: 'b1', pressure: 92 }])), [rule()], state({}));
    expect(p.alerts.settled).toEqual([expect.objectContaining({ bayId: 'bay-1', level: 'critical' })]);
    expect(p.alerts.transitions.open).toEqual([expect.objectContaining({ inMaintenance: false })]);
  });

  it('an attribute missing from the answer reads nodata with the reason, as an info transition', async () => {
    const { plan: p } = await plan(
      start(answered([{ bayId: 'b2', pressure: 50 }])),
      [rule()],
      state({ openAlert: { id: 'alert-1', level: 'warning' } }),
    );
    expect(p.attributes).toEqual([
      expect.objectContaining({ level: 'nodata', reason: 'fant ingen post med nøkkelen «b1»', value: null }),
    ]);
    expect(p.readings.rows).toEqual([{ series: 1, value: null, level: 'nodata' }]);
    // The open alert stays open: the problem is not known to be gone.
    expect(p.alerts.transitions.info).toEqual([expect.objectContaining({ alertId: 'alert-1' })]);
    expect(p.alerts.transitions.resolve).toEqual([]);
    expect(p.statusChanges).toEqual([expect.objectContaining({ status: 'inactive' })]);
  });

  it('a steady value changes nothing and tells nobody', async () => {
    const { toRead, plan: p } = await plan(
      start(answered([{ bayId: 'b1', pressure: 40 }])),
      [rule()],
      state({}),
    );
    expect(toRead).toEqual({ bayIds: [], changedAttributeIds: [], apiChange: null });
    expect(p.attributes).toEqual([]);
    expect(p.statusChanges).toEqual([]);
    expect(p.alerts.transitions).toEqual({ open: [], move: [], resolve: [], info: [] });
    expect(p.events.levelChanged).toEqual([]);
  });
});
