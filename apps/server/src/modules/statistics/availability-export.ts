import { type AvailabilityReportInput, STATISTICS_TIME_ZONE } from '@vaskedrift/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Viewer } from '../../plugins/authenticate';
import { CSV_HEAD, csvRow, csvTotal } from './availability-csv';
import { addFigures, type Range, toFigures } from './figures.repository';
import { type ReportLocation, rangeOf, reportLocations, reportRows } from './statistics-answers';
import { addWashFigures } from './washes.repository';
import { NO_WASHES } from './washes-answers';

/** YYYY-MM-DD in Norwegian time, for file names. */
const OSLO_DATE = new Intl.DateTimeFormat('sv-SE', { timeZone: STATISTICS_TIME_ZONE });

/**
 * Facilities read at a time for the CSV: a batch's lines are written while the next batches are read, so
 * the first lines leave at once and only a few batches' rows are in memory (decision 023, The CSV streamed).
 */
const CSV_BATCH_LOCATIONS = 25;

/** The report's facilities (404 before anything is sent) and the CSV's file name. */
export async function availabilityCsvPlan(db: Db, viewer: Viewer, input: AvailabilityReportInput) {
  const locations = await reportLocations(db, viewer, input);
  const day = (date: Date) => OSLO_DATE.format(date);
  const range = rangeOf(input);
  return { locations, range, filename: `tilgjengelighet-${day(range.from)}-${day(range.to)}.csv` };
}

/**
 * Runs `use` with a second connection reading `snapshot` (or with null when none can be had now); the
 * connection is given back when `use` ends.
 */
type Alongside = <T>(snapshot: string, use: (second: Db | null) => Promise<T>) => Promise<T>;

/**
 * The report as CSV, line by line through `write` (which waits while the receiver is behind), the total
 * last. `db` must be a REPEATABLE READ transaction: its snapshot is shared with the second connection of
 * `alongside`, so the batches read on either are one consistent read. The range ends at the latest at the
 * snapshot's time, so an open period counts the same on both connections (`now()` is each one's own).
 */
export async function writeAvailabilityCsv(
  db: Db,
  plan: { locations: ReportLocation[]; range: Range },
  write: (text: string) => Promise<void>,
  alongside: Alongside,
) {
  const [shared] = (
    await db.execute<{ snapshot: string; now_ms: number }>(
      sql`select pg_export_snapshot() as snapshot, floor(extract(epoch from now()) * 1000)::float8 as now_ms`,
    )
  ).rows;
  if (!shared) throw new Error('pg_export_snapshot answered no row');
  const range = { from: plan.range.from, to: new Date(Math.min(plan.range.to.getTime(), shared.now_ms)) };
  const batches: ReportLocation[][] = [];
  for (let i = 0; i < plan.locations.length; i += CSV_BATCH_LOCATIONS) {
    batches.push(plan.locations.slice(i, i + CSV_BATCH_LOCATIONS));
  }
  await write(CSV_HEAD);
  const written = (second: Db | null) => writeBatches(second ? [db, second] : [db], batches, range, write);
  const { figures, washes } =
    batches.length > 1 ? await alongside(shared.snapshot, written) : await written(null);
  await write(csvTotal(toFigures(figures), washes));
}

/**
 * The batches' lines in order, batch i read on `readers[i % readers.length]` (one batch at a time on
 * each), each batch's lines written while the next `readers.length` batches are read; the figures and
 * washes of all of them summed for the total. Waits for the reads under way before it returns or throws
 * (a receiver gone, a statement past its budget), so none runs past the transaction; none starts after.
 */
async function writeBatches(
  readers: Db[],
  batches: ReportLocation[][],
  range: Range,
  write: (text: string) => Promise<void>,
) {
  const lanes: Promise<unknown>[] = readers.map(() => Promise.resolve());
  const reads: Promise<Awaited<ReturnType<typeof reportRows>>>[] = [];
  const read = (i: number) => {
    const lane = i % readers.length;
    const reader = readers[lane];
    const locations = batches[i];
    if (!reader || !locations) return;
    const rows = (lanes[lane] ?? Promise.resolve()).then(() => reportRows(reader, locations, range));
    // Awaited in turn below; until then a failure is held, not unhandled.
    rows.catch(() => undefined);
    lanes[lane] = rows.catch(() => undefined);
    reads[i] = rows;
  };
  for (let i = 0; i < readers.length; i++) read(i);
  let figures = addFigures([]);
  let washes = NO_WASHES;
  try {
    for (let i = 0; i < batches.length; i++) {
      const batch = await reads[i];
      if (!batch) break;
      read(i + readers.length);
      if (batch.rows.length > 0) await write(batch.rows.map(csvRow).join(''));
      figures = addFigures([figures, batch.figures]);
      washes = addWashFigures([washes, ...batch.rows.map((row) => row.washes)]);
    }
  } finally {
    await Promise.all(lanes);
  }
  return { figures, washes };
}
