import { createSimulator, type Simulator } from '@vaskedrift/simulator';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributeRow, type WiredLocation, wireLocation } from '../../../test/engine';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { caller } from '../../../test/locations';
import { apis } from '../../db/schema';
import { writeQuietChecks } from './quiet-checks.repository';

/*
 * Quiet checks (a success after a success that changes no level) are written in batches: several checks
 * in one transaction, each committed before its check returns. Any other check is applied on its own plan,
 * in a transaction shared with the other such checks arriving together (decision 039).
 */
let sim: Simulator;
let ctx: TestContext;
let wired: WiredLocation[];

beforeAll(async () => {
  sim = await createSimulator({ locationCount: 3, baysPerLocation: 2, drift: false });
  ctx = await createTestApp({ ALLOW_LOOPBACK_TARGETS: 'true' });
  const admin = await caller(ctx, 'admin');
  wired = [];
  for (const location of sim.locations) {
    wired.push(await wireLocation(admin, sim, location, { paths: ['temperature'] }));
  }
});
afterAll(async () => {
  await ctx?.close();
  await sim?.close();
});

const q = (text: string, values: unknown[] = []) => ctx.database.pool.query(text, values);
const apiIds = () => wired.map((w) => w.apiId);

/** Every API due now, checked together through the real claim (the scheduler's concurrency). */
async function checkAll() {
  await q(`update apis set next_check_at = now() - interval '1 millisecond' where id = any($1)`, [apiIds()]);
  const checked = await ctx.app.statusEngine.engine.checkDue();
  expect(new Set(checked)).toEqual(new Set(apiIds()));
  await ctx.app.bus.drain();
}

describe('quiet checks', () => {
  it('are written together, in one transaction, and counted and stored like any check', async () => {
    await checkAll(); // the first readings: levels change, each check its own transaction
    const first = await q('select id, last_success_at from apis where id = any($1)', [apiIds()]);
    const location = sim.locations[0];
    if (!location) throw new Error('ingen anlegg');
    // A value moved beyond the deadband, within its level: stored, and still quiet.
    const bayKey = location.bays[0]?.key ?? '';
    const metricId = wired[0]?.bayMetrics.get(`${bayKey}:temperature`) ?? '';
    const previous = await attributeRow(ctx, metricId);
    const moved = Number(previous.last_value) + 1;
    sim.control.setValues(location.id, bayKey, { temperature: moved });

    await checkAll();
    const second = await q('select id, last_success_at, xmin::text as tx from apis where id = any($1)', [
      apiIds(),
    ]);
    // Fewer transactions than checks: at least two APIs' success in one (all three unless one answer came
    // more than the 20 ms gathering window after the first, as on a loaded machine).
    expect(new Set(second.rows.map((r) => r.tx)).size).toBeLessThan(3);
    for (const row of second.rows) {
      const was = first.rows.find((r) => r.id === row.id)?.last_success_at;
      expect(row.last_success_at.getTime()).toBeGreaterThan(was.getTime());
    }
    const stats = await q(
      `select sum(checks)::int as checks, sum((select sum(n) from unnest(duration_histogram) n))::int as histogram
       from api_check_stats where api_id = any($1)`,
      [apiIds()],
    );
    expect(stats.rows[0]).toEqual({ checks: 6, histogram: 6 });
    const now = await attributeRow(ctx, metricId);
    expect(Number(now.last_value)).toBe(moved);
    expect(now.last_level).toBe(previous.last_level);
    const readings = await q(
      'select count(*)::int as n from readings r join bay_metrics m on m.series = any(r.series) where m.id = $1',
      [metricId],
    );
    expect(readings.rows[0].n).toBe(2);
  });

  it('never write over a level another check changed meanwhile', async () => {
    const metricId = [...(wired[0]?.bayMetrics.values() ?? [])][1] ?? '';
    const row = await attributeRow(ctx, metricId);
    const { rows } = await q(
      `update bay_metrics set last_level = 'critical' where id = $1 returning series`,
      [metricId],
    );
    await writeQuietChecks(ctx.database.db, [
      {
        apiId: wired[0]?.apiId ?? '',
        at: new Date(),
        attributes: [
          { series: rows[0].series, value: 999, level: row.last_level as 'active', reason: 'stale' },
        ],
        log: null,
        count: {
          apiId: wired[0]?.apiId ?? '',
          startedAt: new Date(),
          source: 'poll',
          outcome: 'ok',
          durationMs: 3,
          httpStatus: 200,
          bytes: 100,
          records: 2,
          error: null,
          errorCode: null,
        },
      },
    ]);
    const after = await attributeRow(ctx, metricId);
    expect(after.last_level).toBe('critical');
    expect(after.last_value).toEqual(row.last_value);
  });
});

describe('full checks', () => {
  /** A push of each API at once (a push is never quiet; an empty answer sets every attribute to no data): the outcome by API. */
  async function pushAll() {
    const stored = await ctx.app.statusEngine.db.select().from(apis).where(inArray(apis.id, apiIds()));
    const results = await Promise.allSettled(
      stored.map((api) => ctx.app.statusEngine.engine.processPush(api, Buffer.from('{}'))),
    );
    return new Map(stored.map((api, i) => [api.id, results[i]?.status]));
  }

  it('share a transaction, and one that fails is applied again alone and fails alone', async () => {
    const before = await q('select id, last_check_at from apis where id = any($1)', [apiIds()]);
    const together = await pushAll();
    expect([...together.values()]).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    const written = await q('select id, last_check_at, xmin::text as tx from apis where id = any($1)', [
      apiIds(),
    ]);
    // Fewer transactions than checks (all three unless one came after the 5 ms gathering window).
    expect(new Set(written.rows.map((r) => r.tx)).size).toBeLessThan(3);
    for (const row of written.rows) {
      const was = before.rows.find((r) => r.id === row.id)?.last_check_at;
      expect(was === null || row.last_check_at.getTime() > was.getTime()).toBe(true);
    }

    // One API's write fails (as a constraint or a deadlock would): the other two are stored all the same.
    const failing = apiIds()[0] ?? '';
    await q(`create function fail_one_api() returns trigger language plpgsql as $$
      begin if new.id = '${failing}' then raise exception 'testfeil'; end if; return new; end $$`);
    await q('create trigger fail_one_api before update on apis for each row execute function fail_one_api()');
    try {
      const results = await pushAll();
      expect(results.get(failing)).toBe('rejected');
      for (const id of apiIds().slice(1)) expect(results.get(id)).toBe('fulfilled');
      const after = await q('select id, last_check_at from apis where id = any($1)', [apiIds()]);
      for (const row of after.rows) {
        const was = written.rows.find((r) => r.id === row.id)?.last_check_at;
        if (row.id === failing) expect(row.last_check_at).toEqual(was);
        else expect(row.last_check_at.getTime()).toBeGreaterThan(was.getTime());
      }
    } finally {
      await q('drop trigger fail_one_api on apis');
      await q('drop function fail_one_api()');
    }
  });
});
