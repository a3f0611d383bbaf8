import {
  type AlertLevel,
  BAY_STATUSES,
  type BayStatus,
  countDashboardBays,
  type Dashboard,
} from '@vaskedrift/shared';

export type DashboardLocation = Dashboard['locations'][number];

/** The tuple's fields, by name. */
export const BAY_ID = 0;
export const BAY_NAME = 1;
export const BAY_STATUS = 2;
export const BAY_SINCE = 3;
export const BAY_MUTED = 4;
export const BAY_MONITORED = 5;

/** The chosen facility ids that still exist (a deleted or hidden facility drops out of the filter). */
export function knownSelection(
  selected: readonly string[],
  locations: readonly DashboardLocation[],
): string[] {
  if (selected.length === 0) return [];
  const known = new Set(locations.map((location) => location.id));
  return selected.filter((id) => known.has(id));
}

/** True when some bay of the facility is not operational. */
export function hasIssues(location: DashboardLocation): boolean {
  return location.bays.some((bay) => bay[BAY_STATUS] !== 'operational');
}

/**
 * The facilities to show: the chosen ones (all when none are chosen), and with `onlyIssues` only those
 * with a bay that is not operational. The input's objects are passed through, so memoised cards keep them.
 */
export function visibleLocations(
  locations: readonly DashboardLocation[],
  selected: readonly string[],
  onlyIssues: boolean,
): DashboardLocation[] {
  const chosen = selected.length > 0 ? new Set(selected) : null;
  return locations.filter(
    (location) => (!chosen || chosen.has(location.id)) && (!onlyIssues || hasIssues(location)),
  );
}

/** Bays per status of one facility, for its card header (statuses without bays left out). */
export function locationCounts(location: DashboardLocation): { status: BayStatus; count: number }[] {
  const counts = countDashboardBays([location]);
  return BAY_STATUSES.flatMap((status) => (counts[status] > 0 ? [{ status, count: counts[status] }] : []));
}

const signatures = new WeakMap<DashboardLocation, string>();

/**
 * Everything a facility card shows, as one string: name and each bay's id, name, status, since, muted and
 * monitored.
 * Computed once per object. Two cards with the same signature render the same tiles.
 */
export function locationSignature(location: DashboardLocation): string {
  let signature = signatures.get(location);
  if (signature === undefined) {
    const parts = [location.id, location.name];
    for (const bay of location.bays)
      parts.push(
        bay[BAY_ID],
        bay[BAY_NAME],
        bay[BAY_STATUS],
        String(bay[BAY_SINCE]),
        String(bay[BAY_MUTED]),
        String(bay[BAY_MONITORED]),
      );
    signature = parts.join('\u0001');
    signatures.set(location, signature);
  }
  return signature;
}

/** Same object (structural sharing kept it), or the same content in a new object. */
export function sameLocation(a: DashboardLocation, b: DashboardLocation): boolean {
  return a === b || locationSignature(a) === locationSignature(b);
}

/** Tile grid geometry (dashboard.module.css): the guess the browser uses for cards it has not laid out. */
const TILE_ROW_PX = 44;
const CARD_CHROME_PX = 96;
const CARD_GAP_PX = 16;
/** A card about 360 px wide holds four tiles a row; the page is usually three cards wide. */
const TILES_PER_ROW_GUESS = 4;
const COLUMNS_GUESS = 3;

/**
 * Facilities per block. The browser skips layout and paint of a block while it is off screen
 * (`content-visibility: auto`): blocks rather than single cards, so it watches 42 elements instead of
 * 500 while scrolling. 12 fills whole rows at 1, 2, 3, 4 and 6 columns (the only counts the CSS uses).
 */
export const LOCATIONS_PER_BLOCK = 12;

/** An estimated card height, from its number of bays. */
export function estimatedCardHeight(bayCount: number): number {
  const rows = Math.max(1, Math.ceil(bayCount / TILES_PER_ROW_GUESS));
  return CARD_CHROME_PX + rows * TILE_ROW_PX;
}

/** An estimated block height for `contain-intrinsic-size`, so the scrollbar is right before blocks render. */
export function estimatedBlockHeight(block: readonly DashboardLocation[]): number {
  let height = 0;
  for (let row = 0; row < block.length; row += COLUMNS_GUESS) {
    const cards = block.slice(row, row + COLUMNS_GUESS);
    height += Math.max(...cards.map((location) => estimatedCardHeight(location.bays.length))) + CARD_GAP_PX;
  }
  return height;
}

/** The list cut into blocks of `size` (the last may be shorter). */
export function inBlocks<T>(items: readonly T[], size: number): T[][] {
  const blocks: T[][] = [];
  for (let start = 0; start < items.length; start += size) blocks.push(items.slice(start, start + size));
  return blocks;
}

/** Where a name may be cut: after a space or a separator, so 'Vaskehall 1' and 'Vaskehall 10' keep '1' and '10'. */
const WORD_END = /[\s\-_./:,]/;

/**
 * The part of each name that tells the names apart: their common leading words removed ('Vaskehall 1',
 * 'Vaskehall 2' → '1', '2'). A name that would be left empty, and a facility's only bay, keep the full name.
 */
export function distinguishingNames(names: readonly string[]): string[] {
  const [first, ...rest] = names;
  if (first === undefined || rest.length === 0) return [...names];
  let common = first.length;
  for (const name of rest) {
    let index = 0;
    while (index < common && index < name.length && name[index] === first[index]) index += 1;
    common = index;
  }
  // Back to the end of a whole word: only a prefix that ends with a separator is removed.
  while (common > 0 && !WORD_END.test(first.charAt(common - 1))) common -= 1;
  if (common === 0) return [...names];
  return names.map((name) => name.slice(common).trim() || name);
}

const shortNames = new WeakMap<DashboardLocation, string[]>();

/** The tile labels of a facility's bays (`distinguishingNames`), computed once per object. */
export function tileNames(location: DashboardLocation): string[] {
  let names = shortNames.get(location);
  if (names === undefined) {
    names = distinguishingNames(location.bays.map((bay) => bay[BAY_NAME]));
    shortNames.set(location, names);
  }
  return names;
}

/** A bay of the dashboard with its facility, or null when the user cannot see it (or it is gone). */
export function findBay(
  locations: readonly DashboardLocation[],
  bayId: string,
): { location: DashboardLocation; bay: DashboardLocation['bays'][number] } | null {
  for (const location of locations) {
    const bay = location.bays.find((candidate) => candidate[BAY_ID] === bayId);
    if (bay) return { location, bay };
  }
  return null;
}

const ALERT_LEVEL_RANK: Record<AlertLevel, number> = { critical: 0, warning: 1 };

/** Open alerts for the dashboard: critical before warning, then newest first. */
export function sortOpenAlerts<T extends { level: AlertLevel; openedAt: string }>(alerts: readonly T[]): T[] {
  return [...alerts].sort(
    (a, b) =>
      ALERT_LEVEL_RANK[a.level] - ALERT_LEVEL_RANK[b.level] ||
      Date.parse(b.openedAt) - Date.parse(a.openedAt),
  );
}

/** The statuses that need a person, worst first; maintenance has its own list (someone is on it). */
const ATTENTION_RANK: Partial<Record<BayStatus, number>> = { error: 0, warning: 1, inactive: 2 };

export interface AttentionBay {
  location: DashboardLocation;
  bay: DashboardLocation['bays'][number];
}

/**
 * The bays that need a person (error, then warning, then inactive; each the longest-standing first), at most
 * `limit` of them, and how many there are in all: the top of a phone's dashboard. One pass over every bay
 * and a sort of only the ones found, so 10,000 mostly green bays cost little.
 */
export function baysNeedingAttention(
  locations: readonly DashboardLocation[],
  limit: number,
): { bays: AttentionBay[]; total: number } {
  const found: AttentionBay[] = [];
  for (const location of locations) {
    for (const bay of location.bays) {
      if (ATTENTION_RANK[bay[BAY_STATUS]] !== undefined) found.push({ location, bay });
    }
  }
  found.sort(
    (a, b) =>
      (ATTENTION_RANK[a.bay[BAY_STATUS]] ?? 0) - (ATTENTION_RANK[b.bay[BAY_STATUS]] ?? 0) ||
      a.bay[BAY_SINCE] - b.bay[BAY_SINCE],
  );
  return { bays: found.slice(0, limit), total: found.length };
}
