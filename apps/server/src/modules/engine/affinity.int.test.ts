import { randomBytes } from 'node:crypto';
import { createSimulator, type Simulator } from '@vaskedrift/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireLocation } from '../../../test/engine';
import {
  createTestApp,
  createTestInstance,
  type TestContext,
  type TestInstance,
} from '../../../test/helpers';
import { type ApiClient, caller } from '../../../test/locations';
import { ownerOf } from './affinity';

/*
 * Instances claim the APIs of the buckets they own (decision 041): in steady state each API is checked by
 * its owner, whose rules cache serves it; an instance that stops or dies has its APIs taken over; one that
 * comes back with its key gets the same APIs again. Once per slot throughout (decision 009).
 */
const base = {
  SECRET_KEY: randomBytes(32).toString('hex'),
  ALLOW_LOOPBACK_TARGETS: 'true',
  CHECK_CONCURRENCY: '10',
};
const envOf = (key: string) => ({ ...base, INSTANCE_ID: key });

type Instance = { app: TestContext['app'] };
let sim: Simulator;
let ctx: TestContext;
let b: TestInstance;
let c: TestInstance;
let admin: ApiClient;
/** The running instances by key. */
const instances = new Map<string, Instance>();

async function waitUntil(condition: () => Promise<boolean> | boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('tidsavbrudd');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const q = (text: string, values: unknown[] = []) => ctx.database.pool.query(text, values);
const statsOf = (instance: Instance) => {
  const s = instance.app.statusEngine.engine.stats();
  return {
    claimed: s.claimed,
    takenOver: s.takenOver,
    claims: s.claims,
    inFlight: s.inFlight,
    instances: s.instances,
    heartbeats: s.heartbeats,
    hits: s.processed.rulesCached,
    loads: s.processed.rulesLoaded,
    cachedApis: s.processed.cachedApis,
    series: instance.app.statusEngine.foresight.stats().series,
  };
};
type Stats = ReturnType<typeof statsOf>;

/** Each running instance's counts moved on since `before`. */
function since(before: Map<string, Stats>) {
  return new Map(
    [...instances].map(([key, instance]) => {
      const now = statsOf(instance);
      const then = before.get(key) ?? now;
      return [
        key,
        {
          claimed: now.claimed - then.claimed,
          takenOver: now.takenOver - then.takenOver,
          hits: now.hits - then.hits,
          loads: now.loads - then.loads,
        },
      ] as const;
    }),
  );
}
const snapshot = () => new Map([...instances].map(([key, i]) => [key, statsOf(i)]));

/** How many APIs each of the live keys owns. */
async function ownedApis(live: string[]): Promise<Map<string, number>> {
  const { rows } = await q(`select hashtext(id::text) & 1023 as bucket from apis`);
  const owned = new Map(live.map((key) => [key, 0]));
  for (const { bucket } of rows) {
    const owner = ownerOf(bucket, live) ?? '';
    owned.set(owner, (owned.get(owner) ?? 0) + 1);
  }
  return owned;
}

/** Every running instance has heard of exactly `n` live instances. */
const seeing = (n: number) => () => [...instances.values()].every((i) => statsOf(i).instances === n);

/**
 * One slot for every API: all made due at once, then waited for until each has been checked and every
 * running instance has claimed twice more with nothing in flight, so a second check of the slot would
 * have been counted. Returns how long until the last API was checked.
 */
async function round(): Promise<number> {
  const start = new Date();
  await q(`update apis set next_check_at = now()`);
  await waitUntil(async () => {
    const { rows } = await q(
      'select count(*)::int as n from apis where last_check_at is null or last_check_at < $1',
      [start],
    );
    return rows[0].n === 0;
  });
  const took = Date.now() - start.getTime();
  const claimsThen = snapshot();
  await waitUntil(async () => {
    // The schedulers sleep until the next slot (30 s on): woken as when an API falls due sooner.
    await q('notify vaskedrift_checks');
    return [...instances].every(([key, i]) => {
      const s = statsOf(i);
      return s.claims >= (claimsThen.get(key)?.claims ?? 0) + 2 && s.inFlight === 0;
    });
  });
  await ctx.app.bus.drain();
  return took;
}

/** `n` rounds, checking that each API was polled exactly once in each. */
async function rounds(n: number) {
  sim.control.reset();
  for (let i = 1; i <= n; i++) {
    await round();
    const perLocation = Object.values(sim.control.stats().locations).map((f) => f.requests);
    expect(perLocation).toEqual(sim.locations.map(() => i));
  }
}

/** In `n` steady rounds each API is checked by its owner only, from the owner's cache. */
async function expectSteadyOwners(live: string[], n = 5) {
  const owned = await ownedApis(live);
  const before = snapshot();
  await rounds(n);
  for (const [key, moved] of since(before)) {
    expect({ key, claimed: moved.claimed, takenOver: moved.takenOver }).toEqual({
      key,
      claimed: (owned.get(key) ?? 0) * n,
      takenOver: 0,
    });
    // Every check of these rounds is quiet (steady values): its rules came from the cache.
    expect(moved.hits / Math.max(1, moved.hits + moved.loads)).toBeGreaterThanOrEqual(0.95);
  }
}

beforeAll(async () => {
  sim = await createSimulator({ locationCount: 40, baysPerLocation: 1, drift: false });
  ctx = await createTestApp(envOf('vask-a'), { backgroundChecks: true });
  b = await createTestInstance(ctx, envOf('vask-b'), { backgroundChecks: true });
  instances.set('vask-a', ctx);
  instances.set('vask-b', b);
  admin = await caller(ctx, 'admin');
  // Every API one temperature, wherever its controller's shape keeps it: each has a series to let go.
  const paths = ['temperature', 'values.temp_c', 'sensors[0].v'];
  for (const location of sim.locations) {
    await wireLocation(admin, sim, location, { paths, api: { checkInterval: 30 } });
  }
  await waitUntil(seeing(2));
  // Each API's first check comes within 2 s of its creation: over before the rounds count requests, or one
  // that reached the simulator after the count was reset and ended after the round made it due was a
  // second request in the first round.
  await waitUntil(async () => {
    const { rows } = await q('select count(*)::int as n from apis where last_check_at is null');
    return rows[0].n === 0 && [...instances.values()].every((i) => statsOf(i).inFlight === 0);
  });
  await rounds(3); // first levels (full transaction), rules read again, then cached
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await sim?.close();
});

describe('affinity between instances and APIs', () => {
  it('with two instances each API is checked once a slot, by its owner, from its cache', async () => {
    const owned = await ownedApis(['vask-a', 'vask-b']);
    expect([...owned.values()].every((n) => n > 0)).toBe(true);
    await expectSteadyOwners(['vask-a', 'vask-b']);
  });

  it('a third instance joins: it takes only its own buckets, and the three settle the same way', async () => {
    c = await createTestInstance(ctx, envOf('vask-c'), { backgroundChecks: true });
    instances.set('vask-c', c);
    await waitUntil(seeing(3));
    // The APIs that moved are new to their owner's cache: one round reads their rules.
    await rounds(1);
    await expectSteadyOwners(['vask-a', 'vask-b', 'vask-c']);
  });

  it("the APIs that moved to the third are let go by the others: their rules and foresight's series", async () => {
    const live = ['vask-a', 'vask-b', 'vask-c'];
    const owned = await ownedApis(live);
    for (const key of ['vask-a', 'vask-b']) {
      const instance = instances.get(key) as Instance;
      const was = statsOf(instance);
      // Before: also the rules and series of the APIs that are the third's now.
      expect(was.cachedApis).toBeGreaterThan(owned.get(key) ?? 0);
      expect(instance.app.statusEngine.engine.releaseIdle(0)).toBeGreaterThan(0);
      const now = statsOf(instance);
      expect(now.cachedApis).toBe(owned.get(key));
      expect(now.series).toBe(owned.get(key));
      expect(instance.app.statusEngine.foresight.stats().released).toBe(was.series - now.series);
    }
    // What each still holds is what it checks: the steady rounds are served from the caches as before.
    await expectSteadyOwners(live, 2);
  });

  it('an instance that dies has its APIs taken over after the grace, none skipped', async () => {
    const cOwned = (await ownedApis(['vask-a', 'vask-b', 'vask-c'])).get('vask-c') ?? 0;
    // Stopped, then its heartbeat row put back as a crashed instance leaves it: the others still count it
    // live and do not own its buckets, so only the takeover of late APIs can check them.
    await c.app.statusEngine.engine.stop();
    instances.delete('vask-c');
    const beatsThen = snapshot();
    await q(`insert into engine_instances (instance_key) values ('vask-c')
             on conflict (instance_key) do update set last_seen = now()`);
    // A heartbeat under way may have read the instances between the stop and the row put back, and tell
    // two after the insert: the second heartbeat from now began after it (one every 5 s).
    await waitUntil(() =>
      [...instances].every(([key, i]) => statsOf(i).heartbeats >= (beatsThen.get(key)?.heartbeats ?? 0) + 2),
    );
    await waitUntil(seeing(3));
    const before = snapshot();
    await rounds(1);
    const moved = since(before);
    const takenOver = [...moved.values()].reduce((n, m) => n + m.takenOver, 0);
    expect(takenOver).toBe(cOwned);
    expect([...moved.values()].reduce((n, m) => n + m.claimed, 0)).toBe(sim.locations.length);
    // The APIs taken over were checked just now: they are kept (not idle), not let go.
    for (const instance of instances.values()) expect(instance.app.statusEngine.engine.releaseIdle()).toBe(0);
    // Its heartbeat goes stale: the two own everything between them again.
    await q(
      `update engine_instances set last_seen = now() - interval '1 minute' where instance_key = 'vask-c'`,
    );
    await waitUntil(seeing(2));
    await rounds(1);
    await expectSteadyOwners(['vask-a', 'vask-b']);
  });

  it('an instance that stops leaves at once, and coming back with the same key gets the same APIs', async () => {
    c = await createTestInstance(ctx, envOf('vask-c'), { backgroundChecks: true });
    instances.set('vask-c', c);
    await waitUntil(seeing(3));
    await rounds(2);
    await expectSteadyOwners(['vask-a', 'vask-b', 'vask-c'], 2);

    // A clean stop deletes its heartbeat: the others own its buckets at their next heartbeat (every 5 s).
    await c.app.statusEngine.engine.stop();
    instances.delete('vask-c');
    const { rows } = await q(`select count(*)::int as n from engine_instances where instance_key = 'vask-c'`);
    expect(rows[0].n).toBe(0);
    await waitUntil(seeing(2), 10_000);
    await rounds(1);

    // Back with the same key (a restart of the same slot): the same buckets, so the same APIs.
    c = await createTestInstance(ctx, envOf('vask-c'), { backgroundChecks: true });
    instances.set('vask-c', c);
    await waitUntil(seeing(3));
    await rounds(1);
    await expectSteadyOwners(['vask-a', 'vask-b', 'vask-c'], 3);
  });
});
