import { randomBytes } from 'node:crypto';
import { createSimulator, type Simulator } from '@vaskedrift/simulator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiBodyFor } from '../../../test/engine';
import {
  createTestApp,
  createTestInstance,
  type TestContext,
  type TestInstance,
} from '../../../test/helpers';
import { type ApiClient, caller } from '../../../test/locations';
import { connectDatabase, type Database } from '../../db/client';
import { BUCKETS, bucketBitmap } from './affinity';
import { claimDueApis } from './claims.repository';

const env = {
  SECRET_KEY: randomBytes(32).toString('hex'),
  ALLOW_LOOPBACK_TARGETS: 'true',
  CHECK_CONCURRENCY: '6',
};

async function waitUntil(condition: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('tidsavbrudd');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('two server instances on one database, each running its scheduler', () => {
  let ctx: TestContext;
  let second: TestInstance;
  let sim: Simulator;
  let admin: ApiClient;

  beforeAll(async () => {
    sim = await createSimulator({ locationCount: 30, baysPerLocation: 1, drift: false });
    ctx = await createTestApp(env, { backgroundChecks: true });
    // A second server instance on the same database, with the same secret key, as behind a load balancer.
    second = await createTestInstance(ctx, env, { backgroundChecks: true });
    admin = await caller(ctx, 'admin');
  });
  afterAll(async () => {
    await ctx?.close();
    await sim?.close();
  });

  it('never poll the same API twice for one slot, round after round, and share the work', async () => {
    for (const location of sim.locations) {
      const res = await admin.post('backend/apis/create', apiBodyFor(sim, location, { checkInterval: 30 }));
      expect(res.statusCode).toBe(200);
    }
    const pool = ctx.database.pool;
    const allCheckedSince = (since: Date) => async () => {
      const { rows } = await pool.query(
        'select count(*)::int as n from apis where last_check_at is null or last_check_at < $1',
        [since],
      );
      return rows[0].n === 0;
    };
    await waitUntil(allCheckedSince(new Date(0)));
    await ctx.app.bus.drain();
    sim.control.reset();
    const engines = () => [ctx.app.statusEngine.engine.stats(), second.app.statusEngine.engine.stats()];
    const claimedSoFar = () => engines().map((s) => s.claimed);
    const claimedBefore = claimedSoFar();
    const claimRounds = () => engines().map((s) => s.claims);
    const inFlight = () => engines().reduce((sum, s) => sum + s.inFlight, 0);

    const rounds = 5;
    for (let round = 1; round <= rounds; round++) {
      const start = new Date();
      await pool.query(`update apis set next_check_at = now()`);
      await waitUntil(allCheckedSince(start));
      // Both instances claim again, twice (the second claim began after every check was written), and
      // whatever those claims started has ended: a second poll for this slot would be counted by now.
      const claimsThen = claimRounds();
      await waitUntil(async () => {
        // The schedulers sleep until the next slot (30 s on): woken as when an API falls due sooner.
        await pool.query(`notify vaskedrift_checks`);
        const claims = claimRounds();
        return claims.every((n, i) => n >= (claimsThen[i] ?? 0) + 2) && inFlight() === 0;
      });
      const perLocation = Object.values(sim.control.stats().locations).map((f) => f.requests);
      expect(perLocation).toEqual(sim.locations.map(() => round));
    }
    const claimed = claimedSoFar().map((n, i) => n - (claimedBefore[i] ?? 0));
    expect((claimed[0] ?? 0) + (claimed[1] ?? 0)).toBe(rounds * sim.locations.length);
    expect(claimed.every((n) => n > 0)).toBe(true);
  });
});

describe('claiming due APIs by hand (no scheduler running: the test is the only claimer)', () => {
  let ctx: TestContext;
  let other: Database;

  beforeAll(async () => {
    ctx = await createTestApp(env);
    // A second connection pool on the same database, as a second instance's claims would use.
    other = connectDatabase(ctx.databaseUrl, 5);
  });
  afterAll(async () => {
    await other?.close();
    await ctx?.close();
  });

  it('claims each due API once under many concurrent claimers', async () => {
    const pool = ctx.database.pool;
    const { rows } = await pool.query(
      `insert into apis (name, endpoint_url, check_interval, push_token_hash, push_token_encrypted, next_check_at)
       select 'Last ' || n, 'http://10.0.0.1/', 30, md5(random()::text || n), 'x', now() - interval '1 second'
       from generate_series(1, 500) n returning id`,
    );
    const claimers = [ctx.database.db, other.db].flatMap((db) =>
      Array.from({ length: 5 }, async () => {
        const ids: string[] = [];
        for (;;) {
          const { claimed } = await claimDueApis(db, 7);
          if (claimed.length === 0) return ids;
          ids.push(...claimed.map((c) => c.id));
        }
      }),
    );
    const all = (await Promise.all(claimers)).flat();
    const { rows: left } = await pool.query(
      `select count(*)::int as n from apis where status = 'enabled' and next_check_at <= now()`,
    );
    expect(left[0].n).toBe(0);
    expect(new Set(all).size).toBe(all.length);
    expect(new Set(all)).toEqual(new Set(rows.map((r: { id: string }) => r.id)));
  });

  it('after a long stop checks each overdue API once and keeps its phase, at least half an interval ahead', async () => {
    const pool = ctx.database.pool;
    await pool.query(`update apis set status = 'disabled'`);
    const { rows } = await pool.query(
      `insert into apis (name, endpoint_url, check_interval, push_token_hash, push_token_encrypted, next_check_at)
       values ('Fase', 'http://10.0.0.1/', 60, md5(random()::text), 'x', now() - interval '10 minutes 20 seconds')
       returning id, next_check_at`,
    );
    const due: Date = rows[0].next_check_at;
    const [claimed] = (await claimDueApis(ctx.database.db, 10)).claimed;
    expect(claimed?.id).toBe(rows[0].id);
    const { rows: after } = await pool.query('select next_check_at, now() as now from apis where id = $1', [
      rows[0].id,
    ]);
    const next: Date = after[0].next_check_at;
    const now: Date = after[0].now;
    // Same phase: a whole number of intervals after the missed slot…
    expect(((next.getTime() - due.getTime()) / 1000) % 60).toBe(0);
    // …at least half an interval ahead, at most one and a half.
    expect(next.getTime() - now.getTime()).toBeGreaterThanOrEqual(30_000);
    expect(next.getTime() - now.getTime()).toBeLessThanOrEqual(90_000);
    expect((await claimDueApis(ctx.database.db, 10)).claimed).toEqual([]);
  });

  it('tells the schedulers when an API falls due sooner (added, next check moved earlier), not when a claim moves it on', async () => {
    const listener = new pg.Client({ connectionString: ctx.databaseUrl });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (message) => heard.push(message.payload ?? ''));
    await listener.query('listen vaskedrift_checks');
    const pool = ctx.database.pool;
    // NOTIFYs arrive in commit order: the marks show which statement sent which.
    const mark = (text: string) => pool.query(`select pg_notify('vaskedrift_checks', $1)`, [text]);
    try {
      const { rows } = await pool.query(
        `insert into apis (name, endpoint_url, check_interval, push_token_hash, push_token_encrypted, next_check_at)
         values ('Varslet', 'http://10.0.0.1/', 30, md5(random()::text), 'x', now() - interval '1 second') returning id`,
      );
      await mark('lagt til');
      expect((await claimDueApis(ctx.database.db, 100)).claimed.map((api) => api.id)).toContain(rows[0].id);
      await mark('hentet');
      await pool.query(`update apis set next_check_at = now() where id = $1`, [rows[0].id]);
      await mark('flyttet');
      await waitUntil(async () => heard.length >= 5);
      expect(heard).toEqual(['', 'lagt til', 'hentet', '', 'flyttet']);
    } finally {
      await listener.end();
    }
  });

  it("answers how soon it may claim next: its next API's slot, or the end of the grace of another's late one", async () => {
    const pool = ctx.database.pool;
    await pool.query(`update apis set status = 'disabled'`);
    const insert = async (name: string, due: string) =>
      pool.query(
        `insert into apis (name, endpoint_url, check_interval, push_token_hash, push_token_encrypted, next_check_at)
         values ($1, 'http://10.0.0.1/', 30, md5(random()::text), 'x', now() + $2::interval)`,
        [name, due],
      );
    await insert('Senere', '40 seconds');
    const alone = await claimDueApis(ctx.database.db, 10);
    expect(alone.claimed).toEqual([]);
    expect(alone.nextDueInMs).toBeGreaterThan(30_000);
    expect(alone.nextDueInMs).toBeLessThanOrEqual(40_000);

    await insert('Sen', '-1 second');
    // Owning no bucket: the late API is another's, claimed only after the grace, which is when to look again.
    const none = { owned: bucketBitmap([]), graceSeconds: 5 };
    const others = await claimDueApis(ctx.database.db, 10, none);
    expect(others.claimed).toEqual([]);
    expect(others.nextDueInMs).toBeGreaterThan(0);
    expect(others.nextDueInMs).toBeLessThanOrEqual(4_000);

    // Owning every bucket: the late API is claimed, and its next slot (30 s on) comes before the other's.
    const all = { owned: bucketBitmap(Array.from({ length: BUCKETS }, (_, i) => i)), graceSeconds: 5 };
    const mine = await claimDueApis(ctx.database.db, 10, all);
    expect(mine.claimed.map((api) => api.name)).toEqual(['Sen']);
    expect(mine.claimed[0]?.nextCheckAt).toBeInstanceOf(Date);
    expect(mine.nextDueInMs).toBeGreaterThan(25_000);
    expect(mine.nextDueInMs).toBeLessThanOrEqual(30_000);
  });
});
