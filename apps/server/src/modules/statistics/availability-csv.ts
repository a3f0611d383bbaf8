import type { AvailabilityReport, AvailabilityReportRow, Figures, WashFigures } from '@vaskedrift/shared';

/*
 * The availability report as CSV for Norwegian Excel: UTF-8 with a byte order mark (else Excel reads it
 * as Windows-1252), `;` between fields (Norwegian Excel's list separator, since `,` is the decimal sign),
 * decimal commas, CRLF line ends, Norwegian headers, one row per bay and the chain total last. A figure
 * that was never measured (those from status periods of a bay not monitored in the range, MTTR without a
 * repaired failure, unusual values where no number or counter was monitored) is an empty field, never 0
 * (docs/domain.md, Statistics).
 */

const HEADERS = [
  'Anlegg',
  'Vaskehall',
  'Tilgjengelighet (%)',
  'Nedetid (timer)',
  'Antall feil',
  'Antall advarsler',
  'MTTR (minutter)',
  'Vedlikehold (timer)',
  // Issue 26, added at the end so the columns before keep their places: empty for 'Ingen data'.
  'Vask',
  'Forventede vask',
  'Tapte vask',
  // Unusual marks (docs/domain.md, Statistics, Unusual values), last for the same reason.
  'Uvanlige verdier',
];

const decimal = (value: number | null, digits: number) =>
  value === null ? '' : value.toFixed(digits).replace('.', ',');

/** A field quoted when it holds a separator, a quote or a line break; a leading =+-@ is defused for Excel. */
function field(text: string): string {
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[;"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The figures of a row; those measured from status periods are empty when nothing was observed. */
function figureFields(figures: Figures): string[] {
  const observed = figures.observedSeconds > 0;
  const count = (value: number) => (observed ? String(value) : '');
  return [
    decimal(figures.availability, 2),
    decimal(observed ? figures.downtimeSeconds / 3600 : null, 2),
    count(figures.failures),
    count(figures.warnings),
    decimal(figures.mttrSeconds === null ? null : figures.mttrSeconds / 60, 1),
    decimal(figures.maintenanceSeconds / 3600, 2),
  ];
}

/** A bay's washes (docs/domain.md, Washes): empty without a counter, or without a profile for the last two. */
function washFields(washes: WashFigures): string[] {
  return [washes.washes, washes.expected, washes.lost].map((value) => (value === null ? '' : String(value)));
}

/** Unusual marks: empty where nothing that foresight models was monitored. */
const unusualField = (figures: Figures) =>
  figures.unusualMarks === null ? '' : String(figures.unusualMarks);

/** The file's start: the byte order mark and the header line. */
export const CSV_HEAD = `\uFEFF${HEADERS.join(';')}\r\n`;

/** One bay's line. */
export function csvRow(row: AvailabilityReportRow): string {
  return `${[
    field(row.locationName),
    field(row.deleted ? `${row.bayName} (slettet)` : row.bayName),
    ...figureFields(row),
    ...washFields(row.washes),
    unusualField(row),
  ].join(';')}\r\n`;
}

/** The chain's total, the last line. */
export function csvTotal(total: Figures, washes: WashFigures): string {
  return `${['Totalt', '', ...figureFields(total), ...washFields(washes), unusualField(total)].join(';')}\r\n`;
}

/** The whole report as one text (the e-mail's attachment; the download is written line by line). */
export function availabilityCsv(report: AvailabilityReport): string {
  return CSV_HEAD + report.rows.map(csvRow).join('') + csvTotal(report.total, report.totalWashes);
}
