import type { AvailabilityReport, Figures } from '@vaskedrift/shared';

/*
 * The availability report as CSV for Norwegian Excel: UTF-8 with a byte order mark (else Excel reads it
 * as Windows-1252), `;` between fields (Norwegian Excel's list separator, since `,` is the decimal sign),
 * decimal commas, CRLF line ends, Norwegian headers, one row per bay and the chain total last.
 */

const HEADERS = [
  'Anlegg',
  'Vaskehall',
  'Tilgjengelighet (%)',
  'Nedetid (timer)',
  'Antall feil',
  'MTTR (minutter)',
  'Vedlikehold (timer)',
];

const decimal = (value: number | null, digits: number) =>
  value === null ? '' : value.toFixed(digits).replace('.', ',');

/** A field quoted when it holds a separator, a quote or a line break; a leading =+-@ is defused for Excel. */
function field(text: string): string {
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[;"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function figureFields(figures: Figures): string[] {
  return [
    decimal(figures.availability, 2),
    decimal(figures.downtimeSeconds / 3600, 2),
    String(figures.failures),
    decimal(figures.mttrSeconds === null ? null : figures.mttrSeconds / 60, 1),
    decimal(figures.maintenanceSeconds / 3600, 2),
  ];
}

export function availabilityCsv(report: AvailabilityReport): string {
  const lines = [
    HEADERS,
    ...report.rows.map((row) => [
      field(row.locationName),
      field(row.deleted ? `${row.bayName} (slettet)` : row.bayName),
      ...figureFields(row),
    ]),
    ['Totalt', '', ...figureFields(report.total)],
  ];
  return `\uFEFF${lines.map((line) => line.join(';')).join('\r\n')}\r\n`;
}
