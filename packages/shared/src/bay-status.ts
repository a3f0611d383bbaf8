/*
 * A bay's status and what the browser's first page shows of it, without zod: the dashboard's first file
 * holds no schema (decision 040). The schemas are in bays.ts.
 */

/** A bay's operational status, in the order docs/domain.md lists them (and the UI shows them). */
export const BAY_STATUSES = ['operational', 'warning', 'error', 'inactive', 'maintenance'] as const;
export type BayStatus = (typeof BAY_STATUSES)[number];

/** Tile colour (a Mantine colour name) and Norwegian label of each status. */
export const BAY_STATUS_META: Record<BayStatus, { label: string; color: string; description: string }> = {
  operational: { label: 'I drift', color: 'green', description: 'Vaskehallen fungerer som den skal' },
  warning: { label: 'Advarsel', color: 'yellow', description: 'Noe bør sjekkes' },
  error: { label: 'Feil', color: 'red', description: 'Krever umiddelbar handling' },
  inactive: { label: 'Inaktiv', color: 'gray', description: 'Utilgjengelig' },
  maintenance: { label: 'Vedlikehold', color: 'blue', description: 'Under vedlikehold' },
};

/**
 * How a bay's status follows from its attributes (docs/domain.md, Bay status), first that holds wins: an
 * active maintenance beats everything, then any critical attribute, any warning, any inactive/no data.
 */
const BAY_STATUS_PRECEDENCE: readonly BayStatus[] = [
  'maintenance',
  'error',
  'warning',
  'inactive',
  'operational',
];

/** The status that wins among several, by `BAY_STATUS_PRECEDENCE`; `operational` when there are none. */
export function precedingStatus(statuses: Iterable<BayStatus>): BayStatus {
  let best = BAY_STATUS_PRECEDENCE.length - 1;
  for (const status of statuses) best = Math.min(best, BAY_STATUS_PRECEDENCE.indexOf(status));
  return BAY_STATUS_PRECEDENCE[best] ?? 'operational';
}

/** Why a status period began. `manual`: set by hand; the status engine and maintenance add theirs. */
export const BAY_STATUS_CAUSES = {
  created: 'created',
  manual: 'manual',
  /** Derived by the status engine from the bay's attributes after a check (or a push). */
  engine: 'engine',
  /** A maintenance job started on the bay (docs/domain.md, Maintenance). */
  maintenance: 'maintenance',
} as const;

/** Bays per status. */
export type StatusCounts = Record<BayStatus, number>;

export function emptyStatusCounts(): StatusCounts {
  return { operational: 0, warning: 0, error: 0, inactive: 0, maintenance: 0 };
}

/** One letter per status in the dashboard answer's `statuses` strings (dashboard-codec.ts). */
export const BAY_STATUS_CODES = {
  operational: 'o',
  warning: 'w',
  error: 'e',
  inactive: 'i',
  maintenance: 'm',
} as const satisfies Record<BayStatus, string>;
export const STATUS_CODES_PATTERN = new RegExp(`^[${Object.values(BAY_STATUS_CODES).join('')}]*$`);
/** A bay id in the dashboard answer: its UUID's 32 hex digits without hyphens. */
export const UUID_HEX = 32;
