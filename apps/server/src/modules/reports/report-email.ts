import {
  ADMIN_ROLES,
  type AvailabilityReport,
  type AvailabilityReportRow,
  formatDuration,
  formatInteger,
  formatPercent,
  hasAnyRole,
  type Role,
} from '@vaskedrift/shared';
import type { ReportKind } from './report-periods';

/** What a report event carries (`report.weekly`, `report.monthly`). */
export type ReportEventPayload = { kind: ReportKind; key: string; from: string; to: string };

/** The bays with the most downtime a report lists by name. */
const WORST_BAYS = 5;

const OSLO_DAY = new Intl.DateTimeFormat('nb-NO', {
  timeZone: 'Europe/Oslo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const OSLO_MONTH = new Intl.DateTimeFormat('nb-NO', {
  timeZone: 'Europe/Oslo',
  month: 'long',
  year: 'numeric',
});
const OSLO_DATE = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Oslo' });

/** An instant inside the period's last day: its end is the midnight after that day. */
const inLastDay = (period: ReportEventPayload) => new Date(new Date(period.to).getTime() - 12 * 3600_000);

/** 'uke 48 (23.11.2026–29.11.2026)' or 'november 2026'. */
function periodName(period: ReportEventPayload): string {
  const from = new Date(period.from);
  if (period.kind === 'monthly') return OSLO_MONTH.format(from);
  const week = Number(period.key.split('-W')[1]);
  return `uke ${week} (${OSLO_DAY.format(from)}–${OSLO_DAY.format(inLastDay(period))})`;
}

/** The period's first and last day in Norwegian time, `YYYY-MM-DD`. */
function days(period: ReportEventPayload): { first: string; last: string } {
  return { first: OSLO_DATE.format(new Date(period.from)), last: OSLO_DATE.format(inLastDay(period)) };
}

/** The attachment's name: `tilgjengelighet-2026-11-23-2026-11-29.csv`. */
export function csvFilename(period: ReportEventPayload): string {
  const { first, last } = days(period);
  return `tilgjengelighet-${first}-${last}.csv`;
}

function figuresLine(row: AvailabilityReport['total']): string {
  const parts = [
    `tilgjengelighet ${formatPercent(row.availability)}`,
    `nedetid ${formatDuration(row.downtimeSeconds)}`,
    `${formatInteger(row.failures)} feil`,
    `${formatInteger(row.warnings)} advarsler`,
  ];
  if (row.mttrSeconds !== null) parts.push(`MTTR ${formatDuration(row.mttrSeconds)}`);
  return parts.join(', ');
}

/** The bays that were down longest in the period, longest first; none when no bay was down. */
function worstBays(rows: AvailabilityReportRow[], count = WORST_BAYS): AvailabilityReportRow[] {
  return rows
    .filter((row) => row.downtimeSeconds > 0)
    .sort((a, b) => b.downtimeSeconds - a.downtimeSeconds || a.bayName.localeCompare(b.bayName, 'nb'))
    .slice(0, count);
}

/**
 * The report e-mail (docs/domain.md, Reports by e-mail): the period, the total of the facilities the
 * reader may see, the bays down longest, and where the whole report is — the CSV attached, and for an admin
 * the report page. Figures mean what they mean on the report page (docs/domain.md, Statistics).
 */
export function renderReportEmail(
  period: ReportEventPayload,
  report: AvailabilityReport,
  ctx: { publicUrl: string; role: Role | null; locations: number },
): { subject: string; text: string } {
  const name = periodName(period);
  const title = period.kind === 'weekly' ? 'Ukerapport' : 'Månedsrapport';
  const subject = `${title} ${name}: tilgjengelighet ${formatPercent(report.total.availability)}`;
  const worst = worstBays(report.rows);
  const scope = ctx.locations === 1 ? '1 anlegg' : `${formatInteger(ctx.locations)} anlegg`;
  const lines = [
    `Tilgjengelighet for ${name}, norsk tid.`,
    '',
    `Totalt for ${scope} og ${formatInteger(report.rows.length)} vaskehaller: ${figuresLine(report.total)}.`,
    '',
    ...(worst.length === 0
      ? ['Ingen vaskehall var nede i perioden.']
      : [
          'Mest nedetid:',
          ...worst.map(
            (row, index) =>
              `${index + 1}. ${row.locationName} – ${row.bayName}${row.deleted ? ' (slettet)' : ''}: ${figuresLine(row)}`,
          ),
        ]),
    '',
    `Hele rapporten, én rad per vaskehall, er vedlagt som CSV (${csvFilename(period)}).`,
  ];
  if (hasAnyRole(ctx.role, ADMIN_ROLES)) {
    const { first, last } = days(period);
    const query = new URLSearchParams({ range: 'custom', from: first, to: last });
    lines.push(`Se rapporten i Vaskedrift: ${ctx.publicUrl}/reports/availability?${query}`);
  }
  return { subject, text: `${lines.join('\n')}\n` };
}
