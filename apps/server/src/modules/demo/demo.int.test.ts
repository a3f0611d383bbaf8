import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from '../../../test/engine';
import { createTestApp, signIn, type TestContext, testConfig } from '../../../test/helpers';
import { caller } from '../../../test/locations';
import { type Demo, startDemo } from './demo';

const env = { SECRET_KEY: randomBytes(32).toString('hex'), ALLOW_LOOPBACK_TARGETS: 'true' };
let ctx: TestContext;
let demo: Demo | null = null;
const printed: string[] = [];
const log = { info() {}, warn() {} };

const config = () => testConfig(ctx.databaseUrl, env);

// The demo is loaded once, into an empty database; each test starts from it loaded.
beforeAll(async () => {
  ctx = await createTestApp(env);
  demo = await startDemo({ db: ctx.database.db, config: config(), log, announce: (t) => printed.push(t) });
});
afterAll(async () => {
  await ctx?.close();
  await demo?.stop();
});

const count = async (table: string) =>
  (await ctx.database.pool.query(`select count(*)::int as n from ${table}`)).rows[0].n;

async function checkEveryApi() {
  const { rows } = await ctx.database.pool.query('select id from apis');
  for (const { id } of rows) await runCheck(ctx, id);
}

describe('the demo', () => {
  it('loads facilities, bays, an API per facility covering every auth method, attributes and users', async () => {
    expect(demo).not.toBeNull();
    expect(await count('locations')).toBe(6);
    expect(await count('bays')).toBe(24);
    expect(await count('api_metrics')).toBe(6);
    // The suggested attributes and a wash counter on each of the 24 bays.
    expect(await count('bay_metrics')).toBe(144);
    expect(await count(`bay_metrics where type = 'counter'`)).toBe(24);
    const { rows: methods } = await ctx.database.pool.query(
      'select distinct auth_method from apis order by 1',
    );
    expect(methods.map((r) => r.auth_method)).toEqual(['apiKey', 'basic', 'bearer', 'none', 'oauth2']);
    const { rows: users } = await ctx.database.pool.query(
      `select u.role, count(a.location_id)::int as granted from users u
       left join user_location_access a on a.user_id = u.id group by u.id order by u.role`,
    );
    expect(users).toEqual([
      { role: 'admin', granted: 0 },
      { role: 'operator', granted: 3 },
      { role: 'user', granted: 2 },
    ]);
    expect(printed).toHaveLength(1);
  });

  it('prints a sign-in that works for each demo user', async () => {
    const lines = printed[0]?.split('\n').filter((l) => l.includes('@demo.vaskedrift.no')) ?? [];
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      const [, email, password] = line.trim().split(/\s+/);
      expect((await signIn(ctx, email as string, password)).access_token).toBeTruthy();
    }
  });

  it('turns live: every API answers and every attribute gets a level', async () => {
    await checkEveryApi();
    const { rows } = await ctx.database.pool.query(
      `select count(*) filter (where last_level is null)::int as unread,
              count(*) filter (where last_level = 'nodata')::int as nodata from bay_metrics`,
    );
    expect(rows[0]).toEqual({ unread: 0, nodata: 0 });
    const { rows: failing } = await ctx.database.pool.query(
      'select name, last_error from apis where consecutive_failures > 0',
    );
    expect(failing).toEqual([]);
  });

  it('counts washes on every facility: its past and its live checks give washes, expected and lost', async () => {
    await checkEveryApi();
    const admin = await caller(ctx, 'admin');
    const { rows: locations } = await ctx.database.pool.query<{ id: string; name: string }>(
      'select id, name from locations order by name',
    );
    expect(locations).toHaveLength(6);
    const to = new Date();
    const week = { from: new Date(to.getTime() - 7 * 86_400_000).toISOString(), to: to.toISOString() };
    for (const location of locations) {
      const res = await admin.post('backend/locations/stats/get', { locationId: location.id, ...week });
      expect(res.statusCode).toBe(200);
      const { figures, bays } = res.json().data.washes;
      // A week of a demo facility's four bays: hundreds of washes, and a profile from the weeks before.
      expect(figures.washes, location.name).toBeGreaterThan(100);
      expect(figures.expected, location.name).toBeGreaterThan(100);
      expect(bays, location.name).toHaveLength(4);
    }
    // The pump that went critical 34 days ago (Bergen, Vaskehall 2) stopped the bay for hours, error and
    // then its replacement: its counter stood still, so those periods lost most of what they expected.
    const bergen = locations.find((l) => l.name === 'Bilvask Bergen');
    const month = { from: new Date(to.getTime() - 40 * 86_400_000).toISOString(), to: to.toISOString() };
    const stats = (
      await admin.post('backend/locations/stats/get', { locationId: bergen?.id, ...month })
    ).json().data.washes;
    const long = stats.lostPeriods.filter(
      (p: { bayName: string; from: string; to: string }) =>
        p.bayName === 'Vaskehall 2' && Date.parse(p.to) - Date.parse(p.from) >= 3_600_000,
    );
    expect(long.map((p: { status: string }) => p.status).sort()).toEqual(['error', 'maintenance']);
    for (const period of long) expect(period.lost).toBeGreaterThan(0.8 * period.expected);
    expect(stats.figures.lost).toBeGreaterThanOrEqual(10);
  });

  it('names every attribute and gives it its unit or its words for true and false', async () => {
    const { rows } = await ctx.database.pool.query(
      `select path, display_name, unit, true_label, false_label from bay_metrics
       where path in ('waterPressure', 'doorOpen', 'chemicals.soap') group by 1, 2, 3, 4, 5 order by path`,
    );
    expect(rows).toEqual([
      { path: 'chemicals.soap', display_name: 'Såpenivå', unit: '%', true_label: null, false_label: null },
      { path: 'doorOpen', display_name: 'Dør', unit: null, true_label: 'Åpen', false_label: 'Lukket' },
      { path: 'waterPressure', display_name: 'Vanntrykk', unit: 'bar', true_label: null, false_label: null },
    ]);
    const { rows: unnamed } = await ctx.database.pool.query(
      'select count(*)::int as n from bay_metrics where display_name is null',
    );
    expect(unnamed[0].n).toBe(0);
  });

  it('at the next start runs the simulator again and points the demo APIs at its new address', async () => {
    const before = demo?.simulator.url;
    await demo?.stop();
    demo = await startDemo({ db: ctx.database.db, config: config(), log, announce: (t) => printed.push(t) });
    expect(demo?.simulator.url).not.toBe(before);
    expect(printed).toHaveLength(1);
    expect(await count('locations')).toBe(6);
    const { rows } = await ctx.database.pool.query('select endpoint_url from apis');
    expect(rows.every((r) => r.endpoint_url.startsWith(demo?.simulator.url ?? '-'))).toBe(true);
    await checkEveryApi();
    const { rows: failing } = await ctx.database.pool.query(
      'select name from apis where consecutive_failures > 0',
    );
    expect(failing).toEqual([]);
  });

  it('does nothing in a database with facilities of its own', async () => {
    await ctx.database.pool.query(`update apis set details = details - 'demo'`);
    expect(await startDemo({ db: ctx.database.db, config: config(), log })).toBeNull();
  });
});
