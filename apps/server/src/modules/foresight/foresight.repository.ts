import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  apiMetrics,
  bayMetricForesight,
  bayMetrics,
  bayMetricUnusual,
  bays,
  incidentPredictions,
  locations,
} from '../../db/schema';
import { array } from '../../db/sql-values';
import { readRollup, readStoredPoints } from '../readings';

/** The names a prediction's event and message carry, of one series (bay attribute). */
export type AttributeMeta = {
  bayMetricId: string;
  bayId: string;
  bayName: string;
  locationId: string;
  locationName: string;
  attributeName: string;
  unit: string | null;
};

/**
 * Read when series' predictions are told after quiet checks (which carry no names; none are kept): the
 * names of every series asked for, in one statement.
 */
export async function readAttributeMetas(db: Db, series: number[]): Promise<Map<number, AttributeMeta>> {
  if (series.length === 0) return new Map();
  const { rows } = await db.execute<AttributeMeta & { series: number }>(sql`
    select bm.series, bm.id as "bayMetricId", b.id as "bayId", b.name as "bayName", l.id as "locationId",
      l.name as "locationName", coalesce(bm.display_name, am.display_name, am.name) as "attributeName",
      coalesce(bm.unit, am.unit) as unit
    from ${bayMetrics} bm
    join ${apiMetrics} am on am.id = bm.api_metric_id
    join ${bays} b on b.id = bm.bay_id
    join ${locations} l on l.id = b.location_id
    where bm.series = any(${array(series)}::int[])`);
  return new Map(rows.map(({ series, ...meta }) => [Number(series), meta]));
}

/** The last stretch read from raw readings; before it, the minute rollups' averages. */
const RAW_SPAN_MS = 2 * 3_600_000;

/**
 * A series' stored history in [from, to) as [ms, value] oldest first: the minute rollups' averages (one a
 * minute at most) up to two hours before `to`, the raw readings after. What retention removed is simply
 * not there.
 */
export async function readHistory(
  db: Db,
  q: { series: number; api: number; from: Date; to: Date },
): Promise<Array<[number, number]>> {
  const rawFrom = new Date(Math.max(q.from.getTime(), q.to.getTime() - RAW_SPAN_MS));
  const minutes = await readRollup(db, {
    series: q.series,
    api: q.api,
    from: q.from,
    to: rawFrom,
    bucketSeconds: 60,
    tier: 'minute',
  });
  const raw = await readStoredPoints(db, {
    series: q.series,
    api: q.api,
    from: rawFrom,
    to: q.to,
    lookBackMs: 0,
  });
  const points: Array<[number, number]> = [];
  for (const b of minutes) if (b.avg !== null && Number.isFinite(b.avg)) points.push([b.at, b.avg]);
  for (const p of raw) if (p.value !== null && Number.isFinite(p.value)) points.push([p.at, p.value]);
  return points;
}

/** What a series says now, as stored (`bay_metric_foresight`): times in ms, no prediction as nulls. */
export type StoredVerdict = {
  level: 'warning' | 'critical' | null;
  expectedAt: number | null;
  confidence: number | null;
  unusual: boolean;
  low: number | null;
  high: number | null;
};

/** A verdict to store: its series, the verdict and the time of the check it was learned from (ms). */
export type VerdictWrite = readonly [series: number, verdict: StoredVerdict, atMs: number];

/**
 * Writes the verdicts that changed, all in one statement (an upsert over arrays, in series order so two
 * instances writing at once cannot deadlock). A series whose attribute is gone is skipped. In the same
 * statement, the unusual marks (`bay_metric_unusual`): an unusual verdict opens a mark at its check unless
 * one is open, one that is not unusual closes the open one; the partial unique index keeps one open mark a
 * series, whichever instance writes.
 */
export async function writeVerdicts(db: Db, verdicts: ReadonlyArray<VerdictWrite>): Promise<void> {
  if (verdicts.length === 0) return;
  const column = <T>(pick: (v: StoredVerdict) => T) => sql.param(verdicts.map(([, v]) => pick(v)));
  const time = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  await db.execute(sql`
    with v as (
      select v.*, bm.bay_id
      from unnest(${sql.param(verdicts.map(([series]) => series))}::int[], ${column((v) => v.level)}::text[],
        ${column((v) => time(v.expectedAt))}::timestamptz[],
        ${column((v) => v.confidence)}::real[], ${column((v) => v.unusual)}::boolean[],
        ${column((v) => v.low)}::float8[], ${column((v) => v.high)}::float8[],
        ${sql.param(verdicts.map(([, , atMs]) => time(atMs)))}::timestamptz[])
        as v(series, level, expected_at, confidence, unusual, low, high, at)
      join ${bayMetrics} bm on bm.series = v.series
    ),
    opened as (
      insert into ${bayMetricUnusual} (series, bay_id, started_at)
      select series, bay_id, at from v where unusual order by series
      on conflict (series) where ended_at is null do nothing
    ),
    closed as (
      update ${bayMetricUnusual} u set ended_at = greatest(v.at, u.started_at)
      from v where not v.unusual and u.series = v.series and u.ended_at is null
    )
    insert into ${bayMetricForesight} (series, prediction_level, expected_at, confidence, unusual,
      normal_low, normal_high, updated_at)
    select series, level, expected_at, confidence, unusual, low, high, now() from v
    order by series
    on conflict (series) do update set prediction_level = excluded.prediction_level,
      expected_at = excluded.expected_at, confidence = excluded.confidence, unusual = excluded.unusual,
      normal_low = excluded.normal_low, normal_high = excluded.normal_high, updated_at = excluded.updated_at`);
}

/** The stored verdict of a series (read with its history, so a restart does not write what is there). */
export async function readVerdict(db: Db, series: number): Promise<StoredVerdict | undefined> {
  const [row] = await db.select().from(bayMetricForesight).where(eq(bayMetricForesight.series, series));
  if (!row) return undefined;
  return {
    level: row.predictionLevel,
    expectedAt: row.expectedAt?.getTime() ?? null,
    confidence: row.confidence,
    unusual: row.unusual,
    low: row.normalLow,
    high: row.normalHigh,
  };
}

/** Whether the series' prediction stands as a cause of its bay's incident (incident_predictions, decision 035). */
export async function predictionStandsFor(db: Db, series: number): Promise<boolean> {
  const result = await db.execute<{ standing: boolean }>(sql`
    select exists (
      select 1 from ${incidentPredictions} p join ${bayMetrics} bm on bm.id = p.bay_metric_id
      where bm.series = ${series} and p.resolved_at is null
    ) as standing`);
  return result.rows[0]?.standing === true;
}
