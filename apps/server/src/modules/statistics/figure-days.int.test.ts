import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { figuresSetting } from '../../../test/figures';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { createBay } from '../../../test/locations';
import { setPeriods } from '../../../test/status-periods';
import { dropDatabase, ensureDatabase, withDatabase } from '../../db/admin';
import { connectDatabase, type Db } from '../../db/client';
import { restoreBackup, writeBackup } from '../backup';
import { fillFigureDays } from './figure-days';
import { figuresByBay, type Range } from './figures.repository';

/*
 * The rollup of decision 023: whole Norwegian days kept in bay_figure_days must add up to exactly the
 * figures computed from the periods, over any range, at every edge: a period across midnight, the 23-hour
 * day of summer time, a period still open, a failure not repaired, a deleted bay, a history written
 * afterwards (the demo, a backfill, an edit), a restore from a backup.
 */
let ctx: TestContext;
let db: Db;
let ids: string[] = [];
let bay: Awaited<ReturnType<typeof figuresSetting>>['bay'];
let sommer = '';
let feil = '';
let locationId = '';
let admin: Awaited<ReturnType<typeof figuresSetting>>['admin'];
const HOUR = 3_600_000;
const hoursAgo = (h: number) => new Date(Date.now() - h * HOUR).toISOString();

beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.database.db;
  ({ admin, bay, locationId } = await figuresSetting(ctx));
  // Summer time began on Sunday 29 March 2026 at 02:00 (a day of 23 hours); errors across both midnights.
  sommer = await createBay(admin, locationId, { name: 'Hall Sommer' });
  await setPeriods(ctx, sommer, [
    ['operational', '2026-03-27T00:00:00Z', '2026-03-28T22:30:00Z'],
    ['error', '2026-03-28T22:30:00Z', '2026-03-28T23:30:00Z'],
    ['operational', '2026-03-28T23:30:00Z', '2026-03-29T21:45:00Z'],
    ['error', '2026-03-29T21:45:00Z', '2026-03-29T22:15:00Z'],
    ['operational', '2026-03-29T22:15:00Z', null],
  ]);
  // A failure a few days ago not repaired yet: its day may still change.
  feil = await createBay(admin, locationId, { name: 'Hall Feil' });
  await setPeriods(ctx, feil, [
    ['operational', hoursAgo(24 * 10), hoursAgo(24 * 3)],
    ['error', hoursAgo(24 * 3), null],
  ]);
  ids = [...Object.values(bay), sommer, feil];
});
afterAll(() => ctx.close());

const rollup = () => ctx.app.statusEngine.statistics.rollup;

/**
 * The figures with the days kept and as the periods alone give them (the same statement with nothing
 * kept), in one transaction (rolled back), so both count an open period until the same now.
 */
async function keptAndLive(bayIds: string[], range: Range, on = db) {
  const answers: Awaited<ReturnType<typeof figuresByBay>>[] = [];
  await on
    .transaction(async (tx) => {
      answers.push(await figuresByBay(tx, bayIds, range));
      await tx.execute(sql`delete from bay_figure_days`);
      answers.push(await figuresByBay(tx, bayIds, range));
      tx.rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof TransactionRollbackError)) throw err;
    });
  return answers;
}

const ranges: Range[] = [
  // whole Norwegian days, parts of days at both ends, one part of a day, up to now
  { from: new Date('2026-03-09T00:00:00+01:00'), to: new Date('2026-03-12T00:00:00+01:00') },
  { from: new Date('2026-03-09T05:17:00Z'), to: new Date('2026-03-11T13:45:00Z') },
  { from: new Date('2026-03-10T03:00:00Z'), to: new Date('2026-03-10T20:00:00Z') },
  { from: new Date('2026-03-28T00:00:00+01:00'), to: new Date('2026-03-31T00:00:00+02:00') },
  { from: new Date('2026-03-28T21:00:00Z'), to: new Date('2026-03-30T03:00:00Z') },
  { from: new Date('2026-03-01T00:00:00Z'), to: new Date(Date.now() + HOUR) },
  { from: new Date(Date.now() - 24 * 20 * HOUR), to: new Date() },
];

async function expectSameAsPeriods(bayIds = ids, on = db) {
  for (const range of ranges) {
    const [kept, live] = await keptAndLive(bayIds, range, on);
    expect(kept, JSON.stringify(range)).toEqual(live);
  }
}

async function keptDays(bayId: string) {
  const { rows } = await ctx.database.pool.query<{ day: string; present: number; warning: number }>(
    `select to_char(day, 'YYYY-MM-DD') as day, present / 1e6::float8 as present, warning / 1e6::float8 as warning
     from bay_figure_days
     where bay_id = $1
     order by day`,
    [bayId],
  );
  return rows;
}

describe('figures per bay and day', () => {
  it('keeps every whole day ended two hours ago, and they add up to the figures of the periods', async () => {
    expect(await keptDays(bay.advarsel)).toEqual([]);
    expect(await rollup().runOnce()).toBeGreaterThan(0);
    await expectSameAsPeriods();

    // The 5-hour warning across Oslo midnight (20:00Z–01:00Z, midnight at 23:00Z): 3 h on the 10th, 2 h on
    // the 11th; from 1 March (its first period) to yesterday, every day kept.
    const advarsel = await keptDays(bay.advarsel);
    expect(advarsel.find((d) => d.day === '2026-03-10')?.warning).toBe(3 * 3600);
    expect(advarsel.find((d) => d.day === '2026-03-11')?.warning).toBe(2 * 3600);
    expect(advarsel[0]?.day).toBe('2026-03-01');
    // The day summer time began has 23 hours; the days around it 24.
    const days = await keptDays(sommer);
    expect(days.find((d) => d.day === '2026-03-29')?.present).toBe(23 * 3600);
    expect(days.find((d) => d.day === '2026-03-30')?.present).toBe(24 * 3600);
    // A second sweep finds nothing to do.
    expect(await rollup().runOnce()).toBe(0);
  });

  it('leaves out the day of a failure not repaired yet, and today', async () => {
    const days = (await keptDays(feil)).map((d) => d.day);
    const oslo = (iso: string) => new Date(iso).toLocaleDateString('sv-SE', { timeZone: 'Europe/Oslo' });
    expect(days[0]).toBe(oslo(hoursAgo(24 * 10)));
    expect(days).toContain(oslo(hoursAgo(24 * 4)));
    // Its repair time is not known yet: from that day on the figures come from the periods each time.
    expect(days).not.toContain(oslo(hoursAgo(24 * 3)));
    expect(days).not.toContain(oslo(new Date().toISOString()));
    await expectSameAsPeriods([feil]);
  });

  it('forgets the days a history written afterwards changes, and keeps them again', async () => {
    const kept = await keptDays(bay.advarsel);
    // A maintenance job added on 10 March (Oslo): that day and every later one are forgotten.
    await ctx.database.pool.query(
      `insert into maintenance_jobs (bay_id, type, custom_assignee, reminder_hours, reminder_minutes,
         started_at, ended_at, status_before)
       values ($1, 'service', '{"name": "Ola Nordmann", "email": "ola@example.no", "phone": "+4790000000"}', 1, 0, '2026-03-10T08:00:00Z', '2026-03-10T09:00:00Z', 'warning')`,
      [bay.advarsel],
    );
    expect((await keptDays(bay.advarsel)).map((d) => d.day)).toEqual(
      kept.filter((d) => d.day < '2026-03-10').map((d) => d.day),
    );
    await expectSameAsPeriods();
    // A backfill that rewrites a bay's history from 27 March: an error on the 28th.
    const service = await keptDays(bay.service);
    await setPeriods(ctx, bay.service, [
      ['operational', '2026-03-01T00:00:00Z', '2026-03-28T10:00:00Z'],
      ['error', '2026-03-28T10:00:00Z', '2026-03-28T12:00:00Z'],
      ['operational', '2026-03-28T12:00:00Z', null],
    ]);
    // Deleting the old periods forgot every day from their start on.
    expect(await keptDays(bay.service)).toEqual([]);
    await expectSameAsPeriods();
    await rollup().runOnce();
    expect((await keptDays(bay.service)).length).toBe(service.length);
    expect((await keptDays(bay.advarsel)).length).toBe(kept.length);
    await expectSameAsPeriods();
  });

  it('keeps a deleted bay until it was deleted, and its days go with it for good', async () => {
    const res = await admin.del('backend/bays/delete', { id: bay.pause });
    expect(res.statusCode).toBe(200);
    // Its open period ended now: no kept day changes.
    await expectSameAsPeriods();
    await ctx.database.pool.query('delete from bays where id = $1', [bay.uten]);
    expect(await keptDays(bay.uten)).toEqual([]);
  });

  it('is computed again after a restore from a backup (it is not in the backup), the same figures before', async () => {
    const adminUrl = inject('adminDatabaseUrl');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vaskedrift-rollup-'));
    const name = `vd_test_${randomBytes(6).toString('hex')}`;
    const secretKey = randomBytes(32).toString('hex');
    try {
      const { file } = await writeBackup({
        databaseUrl: ctx.databaseUrl,
        dir,
        appVersion: 'test',
        secretKey,
      });
      await ensureDatabase(adminUrl, name);
      await restoreBackup({ databaseUrl: withDatabase(adminUrl, name), file, secretKey });
      const restored = connectDatabase(withDatabase(adminUrl, name), 2);
      try {
        const remaining = ids.filter((id) => id !== bay.uten);
        await expectSameAsPeriods(remaining, restored.db);
        // Kept or forgotten as the tables came back, the days are there again after a sweep.
        await fillFigureDays(restored.db, remaining);
        const count = 'select count(*)::int as n from bay_figure_days';
        expect((await restored.pool.query(count)).rows).toEqual((await ctx.database.pool.query(count)).rows);
        await expectSameAsPeriods(remaining, restored.db);
      } finally {
        await restored.close();
      }
    } finally {
      await dropDatabase(adminUrl, name);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // Last: its bay's days are not in the restore's count above.
  it('counts maintenance jobs over part days and kept days alike: across the start, across midnight, running', async () => {
    const jobb = await createBay(admin, locationId, { name: 'Hall Jobb' });
    await setPeriods(ctx, jobb, [['operational', '2026-03-01T00:00:00Z', null]]);
    // Oslo midnights: 9/10 March at 23:00Z, 10/11 March at 23:00Z. The range starts an hour before the first.
    const range = { from: new Date('2026-03-09T22:00:00Z'), to: new Date('2026-03-11T12:00:00Z') };
    for (const [startedAt, endedAt] of [
      // before the range and across midnight: 1 h in the part day, 3 h in the kept day, not begun in range
      ['2026-03-09T20:00:00Z', '2026-03-10T02:00:00Z'],
      // inside the kept day: 1 h, one job
      ['2026-03-10T08:00:00Z', '2026-03-10T09:00:00Z'],
      // running, begun in the last part day: 2 h until the range's end, one job
      ['2026-03-11T10:00:00Z', null],
    ]) {
      await ctx.database.pool.query(
        `insert into maintenance_jobs (bay_id, type, custom_assignee, reminder_hours, reminder_minutes,
           started_at, ended_at, status_before)
         values ($1, 'service', '{"name": "Ola Nordmann", "email": "ola@example.no", "phone": "+4790000000"}', 1, 0, $2, $3, 'operational')`,
        [jobb, startedAt, endedAt],
      );
    }
    await fillFigureDays(db, [jobb]);
    expect((await keptDays(jobb)).map((d) => d.day)).toContain('2026-03-10');
    const [kept, live] = await keptAndLive([jobb], range);
    expect(kept?.get(jobb)).toMatchObject({ jobs: 2, maintenance: 7 * 3600 });
    expect(kept).toEqual(live);
  });
});
