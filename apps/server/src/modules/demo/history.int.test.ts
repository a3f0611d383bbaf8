import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext, testConfig } from '../../../test/helpers';
import { caller } from '../../../test/locations';
import { type Demo, startDemo } from './demo';
import { writeDemoHistory } from './history';

const env = { SECRET_KEY: randomBytes(32).toString('hex'), ALLOW_LOOPBACK_TARGETS: 'true' };
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
let ctx: TestContext;
let demo: Demo | null = null;
/** Just before the demo wrote its history, which keeps raw readings from its own 'now' less 48 hours. */
let writtenFrom = 0;
const logged: Array<Record<string, unknown>> = [];
const log = { info: (fields: Record<string, unknown>) => logged.push(fields), warn() {} };

beforeAll(async () => {
  ctx = await createTestApp(env);
  const config = testConfig(ctx.databaseUrl, env);
  writtenFrom = Date.now();
  demo = await startDemo({ db: ctx.database.db, config, log: log as never, announce: () => {} });
});
afterAll(async () => {
  await ctx?.close();
  await demo?.stop();
});

const one = async <T>(query: string, params: unknown[] = []) =>
  (await ctx.database.pool.query(query, params)).rows[0] as T;

/** The pump repair of the script: Bergen's second bay, replaced 34 days ago at 14:35 Oslo time. */
async function pumpRepair() {
  return one<{ bay_id: string; started_at: Date; ended_at: Date }>(
    `select bay_id, started_at, ended_at from maintenance_jobs where description like 'Bytte av høytrykkspumpe%'`,
  );
}

describe('the demo history: 90 days and the pump fault', () => {
  it('covers 90 days: periods, alerts, jobs, readings and every rollup tier', async () => {
    expect(logged.some((l) => typeof l.ms === 'number')).toBe(true);
    const periods = await one<{ first: Date; bays: number; open: number }>(
      `select min(started_at) as first, count(distinct bay_id)::int as bays,
         count(*) filter (where ended_at is null)::int as open from bay_status_periods`,
    );
    const age = Date.now() - new Date(periods.first).getTime();
    expect(age).toBeGreaterThan(90 * DAY_MS - 5 * MINUTE_MS);
    expect(age).toBeLessThan(90 * DAY_MS + 5 * MINUTE_MS);
    expect(periods).toMatchObject({ bays: 24, open: 24 });
    const hourTier = await one<{ first: Date }>('select min(bucket) as first from readings_hour');
    expect(Date.now() - new Date(hourTier.first).getTime()).toBeGreaterThan(89 * DAY_MS);
    const minuteTier = await one<{ first: Date; rows: number }>(
      'select min(bucket) as first, count(*)::int as rows from readings_minute',
    );
    expect(Date.now() - new Date(minuteTier.first).getTime()).toBeGreaterThan(14 * DAY_MS);
    const raw = await one<{ first: Date; last: Date }>(
      'select min(read_at) as first, max(read_at) as last from readings',
    );
    // Against the time of writing, not of this line: under load the assertion comes seconds later.
    expect(new Date(raw.first).getTime()).toBeGreaterThanOrEqual(writtenFrom - 48 * 3_600_000);
    expect(Date.now() - new Date(raw.last).getTime()).toBeLessThan(10 * MINUTE_MS);
    const alerts = await one<{ total: number; resolved: number; acknowledged: number; warnings: number }>(
      `select count(*)::int as total, count(resolved_at)::int as resolved,
         count(acknowledged_by)::int as acknowledged, count(*) filter (where level = 'warning')::int as warnings
       from alerts`,
    );
    expect(alerts.total).toBeGreaterThan(100);
    expect(alerts.resolved).toBeGreaterThan(alerts.total * 0.9);
    expect(alerts.acknowledged).toBeGreaterThan(0);
    expect(alerts.warnings).toBeGreaterThan(0);
    // Every alert is the cause of an incident; an incident's alerts are of one bay and inside its time.
    const incidents = await one<{ total: number; orphans: number; outside: number }>(
      `select (select count(*)::int from incidents) as total,
         (select count(*)::int from alerts where incident_id is null) as orphans,
         (select count(*)::int from alerts a join incidents i on i.id = a.incident_id
          where a.bay_id <> i.bay_id or a.opened_at < i.opened_at
            or (i.resolved_at is not null and (a.resolved_at is null or a.resolved_at > i.resolved_at))) as outside`,
    );
    expect(incidents.total).toBeGreaterThan(0);
    expect(incidents.total).toBeLessThanOrEqual(alerts.total);
    expect(incidents).toMatchObject({ orphans: 0, outside: 0 });
    const service = await one<{ jobs: number; ended: number; weekdays: number[]; next: Date }>(
      `select count(j.id)::int as jobs, count(j.ended_at)::int as ended, p.repeat_weekdays as weekdays,
         p.next_start_at as next
       from maintenance_plans p left join maintenance_jobs j on j.plan_id = p.id group by p.id`,
    );
    expect(service.jobs).toBeGreaterThanOrEqual(12);
    expect(service.ended).toBe(service.jobs);
    expect(service.weekdays).toEqual([2]);
    expect(
      new Intl.DateTimeFormat('nb-NO', {
        timeZone: 'Europe/Oslo',
        weekday: 'long',
        hour: '2-digit',
        minute: '2-digit',
      }).format(new Date(service.next)),
    ).toBe('tirsdag kl. 06:00');
  });

  it('the pump fault: critical pressure from 13:05, an error period of exactly 90 minutes until the repair', async () => {
    const job = await pumpRepair();
    const start = new Date(job.started_at).getTime();
    const periods = (
      await ctx.database.pool.query(
        `select status, cause, extract(epoch from ended_at - started_at)::int as seconds from bay_status_periods
         where bay_id = $1 and started_at >= $2 and started_at < $3 order by started_at`,
        [job.bay_id, new Date(start - 90 * MINUTE_MS), new Date(job.ended_at)],
      )
    ).rows;
    expect(periods).toEqual([
      { status: 'error', cause: 'engine', seconds: 90 * 60 },
      { status: 'maintenance', cause: 'maintenance', seconds: 135 * 60 },
    ]);
    // The pressure alert: a warning while it sagged, critical at 13:05, taken by the operator, resolved once repaired.
    const alert = await one<{ level: string; opened: Date; resolved: Date; by: string }>(
      `select a.level, a.opened_at as opened, a.resolved_at as resolved, u.email as by from alerts a
       join users u on u.id = a.acknowledged_by
       where a.bay_id = $1 and a.attribute_name = 'Vanntrykk' and a.opened_at < $2 and a.resolved_at > $2`,
      [job.bay_id, new Date(start)],
    );
    expect(alert.level).toBe('critical');
    expect(new Date(alert.resolved).getTime()).toBe(start + 125 * MINUTE_MS);
    expect(alert.by).toBe('tekniker@demo.vaskedrift.no');
    // Its incident: every alert of the bay that overlapped it, critical, taken when the alert was, and
    // resolved with its last cause.
    const incident = await one<{ level: string; resolved: Date; by: string; causes: number; open: number }>(
      `select i.level, i.resolved_at as resolved, u.email as by,
         (select count(*)::int from alerts c where c.incident_id = i.id) as causes,
         (select count(*)::int from incidents o where o.resolved_at is null and o.bay_id = i.bay_id) as open
       from alerts a join incidents i on i.id = a.incident_id join users u on u.id = i.acknowledged_by
       where a.bay_id = $1 and a.attribute_name = 'Vanntrykk' and a.opened_at < $2 and a.resolved_at > $2`,
      [job.bay_id, new Date(start)],
    );
    expect(incident.level).toBe('critical');
    expect(incident.causes).toBeGreaterThanOrEqual(1);
    expect(new Date(incident.resolved).getTime()).toBeGreaterThanOrEqual(start + 125 * MINUTE_MS);
    expect(incident.by).toBe('tekniker@demo.vaskedrift.no');
    expect(incident.open).toBeLessThanOrEqual(1);
    // The readings agree: the hour rollup of 14:00–15:00 is critical at 1.5 bar.
    const admin = await caller(ctx, 'admin');
    const metric = await one<{ id: string }>(
      `select id from bay_metrics where bay_id = $1 and display_name = 'Vanntrykk'`,
      [job.bay_id],
    );
    const res = await admin.post('backend/bays/metrics/readings/get', {
      bayMetricId: metric.id,
      from: new Date(start - 35 * MINUTE_MS).toISOString(),
      to: new Date(start + 25 * MINUTE_MS).toISOString(),
      maxPoints: 100,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.resolution).toBe('hour');
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ level: 'critical', min: 1.5, max: 1.5 });
  });
});

describe('the demo history: statistics, and a second run', () => {
  it("the bay's statistics: 90 min of error and 135 of maintenance in the five hours around the repair", async () => {
    const job = await pumpRepair();
    const start = new Date(job.started_at).getTime();
    const admin = await caller(ctx, 'admin');
    const res = await admin.post('backend/bays/stats/get', {
      bayId: job.bay_id,
      from: new Date(start - 155 * MINUTE_MS).toISOString(),
      to: new Date(start + 145 * MINUTE_MS).toISOString(),
    });
    expect(res.statusCode).toBe(200);
    const { figures, availability } = res.json().data;
    // 12:00–17:00: 5 h observed, error 13:05–14:35 and maintenance 14:35–16:50 down: 225 min of 300.
    expect(figures).toMatchObject({
      observedSeconds: 18_000,
      downtimeSeconds: 13_500,
      availability: 25,
      failures: 1,
    });
    expect(availability.some((b: { availability: number | null }) => b.availability !== null)).toBe(true);
  });

  it('writes nothing when run again', async () => {
    const counts = () =>
      one<Record<string, number>>(
        `select (select count(*) from bay_status_periods)::int as periods, (select count(*) from alerts)::int as alerts,
           (select count(*) from maintenance_jobs)::int as jobs, (select count(*) from readings)::int as raw,
           (select count(*) from readings_hour)::int as hours`,
      );
    const before = await counts();
    const config = testConfig(ctx.databaseUrl, env);
    const again = await ctx.database.db.transaction((tx) => writeDemoHistory(tx, { config }));
    expect(again).toBeNull();
    expect(await counts()).toEqual(before);
  });
});
