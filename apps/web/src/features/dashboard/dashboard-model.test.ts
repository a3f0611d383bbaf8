import { countDashboardBays, type DashboardBayTuple } from '@vaskedrift/shared';
import { describe, expect, it } from 'vitest';
import {
  baysNeedingAttention,
  type DashboardLocation,
  distinguishingNames,
  estimatedBlockHeight,
  estimatedCardHeight,
  findBay,
  hasIssues,
  inBlocks,
  knownSelection,
  locationCounts,
  locationSignature,
  sameLocation,
  sortOpenAlerts,
  tileNames,
  visibleLocations,
} from './dashboard-model';

const bay = (
  id: string,
  status: DashboardBayTuple[2],
  since = 1_700_000_000_000,
  monitored = true,
): DashboardBayTuple => [id, `Hall ${id}`, status, since, false, monitored];

const sentrum: DashboardLocation = {
  id: 'l1',
  name: 'Vask Sentrum',
  bays: [bay('a', 'operational'), bay('b', 'error'), bay('c', 'operational')],
};
const havna: DashboardLocation = {
  id: 'l2',
  name: 'Vask Havna',
  bays: [bay('d', 'operational', 1_700_000_000_000, false)],
};
const nord: DashboardLocation = {
  id: 'l3',
  name: 'Vask Nord',
  bays: [bay('e', 'maintenance'), bay('f', 'warning')],
};
const all = [sentrum, havna, nord];

describe('visibleLocations', () => {
  it('shows every facility when none is chosen', () => {
    expect(visibleLocations(all, [], false)).toEqual(all);
  });

  it('shows the chosen facilities in the server order, passing the same objects through', () => {
    const shown = visibleLocations(all, ['l3', 'l1'], false);
    expect(shown.map((location) => location.id)).toEqual(['l1', 'l3']);
    expect(shown[0]).toBe(sentrum);
  });

  it('with "only issues" leaves out facilities whose bays are all operational', () => {
    expect(visibleLocations(all, [], true).map((location) => location.id)).toEqual(['l1', 'l3']);
    expect(visibleLocations(all, ['l2'], true)).toEqual([]);
  });
});

describe('knownSelection', () => {
  it('drops chosen ids the response no longer has (deleted or hidden facilities)', () => {
    expect(knownSelection(['l2', 'gone'], all)).toEqual(['l2']);
    expect(knownSelection([], all)).toEqual([]);
  });
});

describe('countDashboardBays and locationCounts', () => {
  it('counts bays per status, in total and those not monitored', () => {
    expect(countDashboardBays(all)).toEqual({
      operational: 3,
      warning: 1,
      error: 1,
      inactive: 0,
      maintenance: 1,
      total: 6,
      unmonitored: 1,
      unmonitoredByStatus: { operational: 1, warning: 0, error: 0, inactive: 0, maintenance: 0 },
    });
    expect(countDashboardBays([])).toEqual({
      operational: 0,
      warning: 0,
      error: 0,
      inactive: 0,
      maintenance: 0,
      total: 0,
      unmonitored: 0,
      unmonitoredByStatus: { operational: 0, warning: 0, error: 0, inactive: 0, maintenance: 0 },
    });
  });

  it('lists a facility’s non-empty statuses in the product order', () => {
    expect(locationCounts(nord)).toEqual([
      { status: 'warning', count: 1 },
      { status: 'maintenance', count: 1 },
    ]);
  });

  it('knows whether a facility has issues', () => {
    expect(hasIssues(sentrum)).toBe(true);
    expect(hasIssues(havna)).toBe(false);
  });
});

describe('locationSignature and sameLocation', () => {
  const copy = (location: DashboardLocation): DashboardLocation => structuredClone(location);

  it('is equal for a copy with the same content, so a refetch does not redraw the card', () => {
    expect(locationSignature(copy(sentrum))).toBe(locationSignature(sentrum));
    expect(sameLocation(sentrum, copy(sentrum))).toBe(true);
    expect(sameLocation(sentrum, sentrum)).toBe(true);
  });

  it('differs when a bay changes status, name, since or mute, the facility is renamed, or bays are reordered', () => {
    const changed = (edit: (location: DashboardLocation) => void) => {
      const next = copy(sentrum);
      edit(next);
      return sameLocation(sentrum, next);
    };
    expect(changed((l) => (l.bays[0] = bay('a', 'warning')))).toBe(false);
    expect(changed((l) => (l.bays[0] = bay('a', 'operational', 1)))).toBe(false);
    expect(changed((l) => (l.bays[1] = ['b', 'Ny hall', 'error', 1_700_000_000_000, false, true]))).toBe(
      false,
    );
    expect(changed((l) => ((l.bays[1] as DashboardBayTuple)[4] = true))).toBe(false);
    expect(changed((l) => ((l.bays[1] as DashboardBayTuple)[5] = false))).toBe(false);
    expect(changed((l) => (l.name = 'Vask Torget'))).toBe(false);
    expect(changed((l) => l.bays.reverse())).toBe(false);
    expect(changed((l) => l.bays.pop())).toBe(false);
  });
});

describe('blocks and their estimated height', () => {
  it('cuts the list into blocks, the last one shorter', () => {
    expect(inBlocks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(inBlocks([], 12)).toEqual([]);
  });

  it('grows a card by one tile row per four bays, with at least one row', () => {
    expect(estimatedCardHeight(0)).toBe(estimatedCardHeight(1));
    expect(estimatedCardHeight(20) - estimatedCardHeight(4)).toBe(4 * 44);
  });

  it('sums the tallest card of each row of three', () => {
    const withBays = (count: number): DashboardLocation => ({
      id: String(count),
      name: 'x',
      bays: Array.from({ length: count }, (_, i) => bay(String(i), 'operational')),
    });
    const block = [withBays(4), withBays(20), withBays(1), withBays(8)];
    expect(estimatedBlockHeight(block)).toBe(estimatedCardHeight(20) + 16 + estimatedCardHeight(8) + 16);
  });
});

describe('distinguishingNames', () => {
  it("drops the leading words all of a facility's bays share", () => {
    expect(distinguishingNames(['Vaskehall 1', 'Vaskehall 2', 'Vaskehall 10'])).toEqual(['1', '2', '10']);
    expect(distinguishingNames(['Vask Sentrum Nord', 'Vask Sentrum Sør'])).toEqual(['Nord', 'Sør']);
  });

  it('cuts only after a whole word, never inside one', () => {
    expect(distinguishingNames(['Hall 12', 'Hall 13'])).toEqual(['12', '13']);
    expect(distinguishingNames(['Vaskehall', 'Vaskehallen'])).toEqual(['Vaskehall', 'Vaskehallen']);
    expect(distinguishingNames(['Hall-A', 'Hall-B'])).toEqual(['A', 'B']);
  });

  it('keeps full names when one name is all of the shared part, for an only bay, and when nothing is shared', () => {
    expect(distinguishingNames(['Vask 1', 'Vask 1 ekstra'])).toEqual(['1', '1 ekstra']);
    expect(distinguishingNames(['Hall', 'Hall Nord'])).toEqual(['Hall', 'Hall Nord']);
    expect(distinguishingNames(['Hall 1', 'Hall 1'])).toEqual(['1', '1']);
    expect(distinguishingNames(['Vaskehall 1'])).toEqual(['Vaskehall 1']);
    expect(distinguishingNames(['Hall 1', 'Selvvask 2'])).toEqual(['Hall 1', 'Selvvask 2']);
    expect(distinguishingNames([])).toEqual([]);
  });

  it('is computed once per facility object', () => {
    expect(tileNames(sentrum)).toEqual(['a', 'b', 'c']);
    expect(tileNames(sentrum)).toBe(tileNames(sentrum));
  });
});

describe('findBay', () => {
  it('finds a bay with its facility, or nothing for a bay the user does not see', () => {
    expect(findBay([sentrum, havna], 'd')).toEqual({ location: havna, bay: havna.bays[0] });
    expect(findBay([sentrum, havna], 'x')).toBeNull();
  });
});

describe('sortOpenAlerts', () => {
  it('puts critical alerts first, each level newest first', () => {
    const alerts = [
      { id: 'old-warning', level: 'warning', openedAt: '2026-01-01T10:00:00.000Z' },
      { id: 'old-critical', level: 'critical', openedAt: '2026-01-01T09:00:00.000Z' },
      { id: 'new-warning', level: 'warning', openedAt: '2026-01-02T10:00:00.000Z' },
      { id: 'new-critical', level: 'critical', openedAt: '2026-01-02T09:00:00.000Z' },
    ] as const;
    expect(sortOpenAlerts(alerts).map((alert) => alert.id)).toEqual([
      'new-critical',
      'old-critical',
      'new-warning',
      'old-warning',
    ]);
  });
});

describe('baysNeedingAttention', () => {
  it('lists error, then warning, then inactive bays, each the longest-standing first, without green or maintenance', () => {
    const west: DashboardLocation = {
      id: 'l4',
      name: 'Vask Vest',
      bays: [bay('g', 'warning', 3), bay('h', 'error', 5), bay('i', 'inactive', 1), bay('j', 'error', 2)],
    };
    const { bays, total } = baysNeedingAttention([...all, west], 10);
    expect(bays.map(({ bay: [id] }) => id)).toEqual(['j', 'h', 'b', 'g', 'f', 'i']);
    expect(total).toBe(6);
    expect(bays[0]?.location).toBe(west);
  });

  it('keeps at most the limit, and counts the rest', () => {
    const { bays, total } = baysNeedingAttention(all, 1);
    expect(bays.map(({ bay: [id] }) => id)).toEqual(['b']);
    expect(total).toBe(2);
  });
});
