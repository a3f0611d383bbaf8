import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BAY_STATUSES } from './bay-status';
import {
  type Dashboard,
  type DashboardBayTuple,
  dashboardWireLocationSchema,
  dashboardWireSchema,
} from './dashboard';
import { countDashboardBays, decodeDashboard, encodeDashboard } from './dashboard-codec';

const bay = (index: number, muted = false, monitored = true): DashboardBayTuple => [
  randomUUID(),
  `Hall ${index + 1}`,
  BAY_STATUSES[index % BAY_STATUSES.length] ?? 'operational',
  1_764_000_000_000 + index * 61_000,
  muted,
  monitored,
];

const dashboard: Dashboard = {
  counts: {
    operational: 2,
    warning: 1,
    error: 1,
    inactive: 1,
    maintenance: 1,
    total: 6,
    unmonitored: 1,
    // Åsane's one bay: index 5, so the first status.
    unmonitoredByStatus: { operational: 1, warning: 0, error: 0, inactive: 0, maintenance: 0 },
  },
  seq: 42,
  locations: [
    { id: randomUUID(), name: 'Majorstuen', bays: [bay(0), bay(1, true), bay(2), bay(3), bay(4, true)] },
    { id: randomUUID(), name: 'Tom', bays: [] },
    { id: randomUUID(), name: 'Åsane', bays: [bay(5, false, false)] },
  ],
};

describe('countDashboardBays', () => {
  it('counts the bays per status, in all, and those not monitored in all and per status', () => {
    expect(countDashboardBays(dashboard.locations)).toEqual(dashboard.counts);
  });
});

describe('encodeDashboard / decodeDashboard', () => {
  it('gives back the same dashboard (times to the second), through JSON and the answer’s schema', () => {
    const wire = dashboardWireSchema.parse(JSON.parse(JSON.stringify(encodeDashboard(dashboard))));
    expect(decodeDashboard(wire)).toEqual(dashboard);
  });

  it('sends each facility’s bays as columns: hex ids, one letter per status, seconds, muted and unmonitored positions', () => {
    const [first] = encodeDashboard(dashboard).locations;
    const ids = dashboard.locations[0]?.bays.map(([id]) => id.replaceAll('-', '')).join('');
    expect(first).toEqual({
      id: dashboard.locations[0]?.id,
      name: 'Majorstuen',
      bayIds: ids,
      bayNames: ['Hall 1', 'Hall 2', 'Hall 3', 'Hall 4', 'Hall 5'],
      statuses: 'oweim',
      since: [1_764_000_000, 1_764_000_061, 1_764_000_122, 1_764_000_183, 1_764_000_244],
      muted: [1, 4],
      unmonitored: [],
    });
    expect(encodeDashboard(dashboard).locations[2]?.unmonitored).toEqual([0]);
  });

  it('drops milliseconds: a status change is shown to the minute', () => {
    const exact: Dashboard = {
      ...dashboard,
      locations: [
        {
          id: 'x',
          name: 'X',
          bays: [['00000000-0000-4000-8000-000000000001', 'A', 'error', 1_764_000_000_999, false, true]],
        },
      ],
    };
    expect(decodeDashboard(encodeDashboard(exact)).locations[0]?.bays[0]?.[3]).toBe(1_764_000_000_000);
  });

  it('refuses columns of different lengths and unknown status letters', () => {
    const [first] = encodeDashboard(dashboard).locations;
    if (!first) throw new Error('no facility');
    expect(dashboardWireLocationSchema.safeParse({ ...first, statuses: 'owe' }).success).toBe(false);
    expect(dashboardWireLocationSchema.safeParse({ ...first, statuses: 'owexm' }).success).toBe(false);
    expect(dashboardWireLocationSchema.safeParse({ ...first, bayIds: first.bayIds.slice(1) }).success).toBe(
      false,
    );
    expect(dashboardWireLocationSchema.safeParse({ ...first, since: [1] }).success).toBe(false);
    expect(dashboardWireLocationSchema.safeParse({ ...first, muted: [5] }).success).toBe(false);
    expect(dashboardWireLocationSchema.safeParse({ ...first, unmonitored: [5] }).success).toBe(false);
  });
});
