import {
  type AttributeLevel,
  bayLinkFor,
  type DescribedReading,
  NOTIFICATION_LEVEL_LABELS,
  OPERATORS,
  type Operator,
  type Role,
  thresholdsOfLevel,
  VALUE_TYPES,
  type ValueType,
} from '@vaskedrift/shared';
import type { AlertEventPayload } from './payloads';

/*
 * The words every notification channel shares (e-mail, desktop, the webhook's summary): times in Oslo,
 * places, links where the reader's role may go, an alert's reading. Payloads are read defensively.
 */
/** A rendered notification e-mail (plain text; the outbox sends it as it is). */
export type RenderedEmail = { subject: string; text: string };

export type RenderContext = {
  publicUrl: string;
  /** The facilities this address may be told about; null: every one (an admin). */
  visibleLocationIds: ReadonlySet<string> | null;
  /**
   * The role of the user behind the address; null for a custom address. Links lead where that reader may
   * go (`bayLinkFor`): admins to the bay's page, everyone else to the dashboard with the bay's panel open.
   */
  role: Role | null;
};

export const MISSING = '–';
const osloTime = new Intl.DateTimeFormat('nb-NO', {
  timeZone: 'Europe/Oslo',
  dateStyle: 'short',
  timeStyle: 'short',
});

/** Payloads are plain JSON recorded by other code, maybe by an older version: every field may be missing. */
export type Loose<T> = { [K in keyof T]?: T[K] | null | undefined };

export const show = (value: unknown): string =>
  value === null || value === undefined || value === '' ? MISSING : String(value);

export function formatTime(iso: unknown): string {
  if (typeof iso !== 'string' && !(iso instanceof Date)) return MISSING;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? MISSING : osloTime.format(date);
}

export const levelLabel = (level: unknown) =>
  typeof level === 'string' ? (NOTIFICATION_LEVEL_LABELS[level] ?? level) : MISSING;
/**
 * Where a link about the bay leads a reader of `role` (docs/domain.md, Notifications), relative; null
 * when the payload lacks the ids.
 */
export const bayPath = (p: { locationId?: unknown; bayId?: unknown }, role: Role | null): string | null =>
  typeof p.locationId === 'string' && typeof p.bayId === 'string' && p.locationId && p.bayId
    ? bayLinkFor(role, { locationId: p.locationId, bayId: p.bayId })
    : null;
export const bayLink = (ctx: RenderContext, p: { locationId?: unknown; bayId?: unknown }) => {
  const path = bayPath(p, ctx.role);
  return path ? `${ctx.publicUrl}${path}` : MISSING;
};
export const lines = (...rows: Array<string | false>) =>
  `${rows.filter((row) => row !== false).join('\n')}\n`;
export const place = (p: { locationName?: unknown; bayName?: unknown }) =>
  `${show(p.locationName)} – ${show(p.bayName)}`;

const isLevel = (level: unknown): level is AttributeLevel =>
  typeof level === 'string' && level in NOTIFICATION_LEVEL_LABELS;
const isOperator = (op: unknown): op is Operator => OPERATORS.includes(op as Operator);

/** The value's type: recorded since display names; before that, read off the value itself. */
function typeOf(p: Loose<AlertEventPayload>): ValueType {
  if (VALUE_TYPES.includes(p.type as ValueType)) return p.type as ValueType;
  const kind = typeof p.value;
  return kind === 'number' || kind === 'boolean' ? kind : 'string';
}

/**
 * The alert's attribute and value as a person reads them (docs/domain.md, Words): the recorded display
 * name, unit and true/false words, and the threshold that held. An event recorded before display names
 * reads with the name it has and plain words.
 */
export function alertReading(p: Loose<AlertEventPayload>): DescribedReading {
  const level = isLevel(p.level) ? p.level : null;
  const operator = isOperator(p.operator) ? p.operator : null;
  return {
    labels: {
      name: show(p.attributeName),
      unit: p.unit ?? null,
      trueLabel: p.trueLabel ?? null,
      falseLabel: p.falseLabel ?? null,
    },
    type: typeOf(p),
    // Without an operator no threshold can be phrased, and the level is said alone.
    operator: operator ?? 'eq',
    thresholds: operator ? thresholdsOfLevel(level, p.threshold) : {},
    level,
    value: p.value,
  };
}
