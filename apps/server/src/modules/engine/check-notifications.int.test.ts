import { DEFAULT_FAILURE_THRESHOLD } from '@vaskedrift/shared';
import { createSimulator, type Simulator } from '@vaskedrift/simulator';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCheck, wireLocation } from '../../../test/engine';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { type ApiClient, caller } from '../../../test/locations';
import { recordedEvents } from '../../../test/notifications';
import { apis } from '../../db/schema';
import { createCheckProcessor } from './check-processor';

/*
 * Notification events of polled checks: a simulated controller that stops answering, and the nudge the
 * dispatcher gets after a check that recorded events.
 */
let sim: Simulator;
let ctx: TestContext;
let admin: ApiClient;

beforeAll(async () => {
  sim = await createSimulator({ locationCount: 1, baysPerLocation: 3, drift: false });
});
afterAll(async () => {
  await sim?.close();
});
beforeEach(async () => {
  sim.control.reset();
  ctx = await createTestApp({ ALLOW_LOOPBACK_TARGETS: 'true' });
  admin = await caller(ctx, 'admin');
});
afterEach(async () => {
  await ctx?.close();
});

describe('a polled controller that stops answering', () => {
  it("3 bays × 2 attributes: the facility's incident opens at the threshold and is resolved at the next answer", async () => {
    const location = sim.locations[0];
    if (!location) throw new Error('ingen anlegg');
    const w = await wireLocation(admin, sim, location, { paths: ['temperature', 'waterPressure'] });
    expect(w.bayMetrics.size).toBe(6);
    await runCheck(ctx, w.apiId);
    sim.control.setFault(location.id, { mode: 'http500' });
    for (let i = 0; i < 4; i++) await runCheck(ctx, w.apiId);
    const down = await recordedEvents(ctx);
    expect(down.map((e) => e.type)).toEqual(['incident.opened']);
    expect(down[0]?.payload).toMatchObject({
      apiId: w.apiId,
      causes: [{ kind: 'api', failures: 3, reason: 'Svarte med HTTP 500' }],
    });
    expect(new Set(down[0]?.bay_ids)).toEqual(new Set(w.bays.values()));

    sim.control.setFault(location.id, { mode: 'none' });
    await runCheck(ctx, w.apiId);
    await runCheck(ctx, w.apiId);
    const after = await recordedEvents(ctx);
    expect(after.map((e) => e.type)).toEqual(['incident.opened', 'incident.resolved']);
    expect(after[1]?.payload.incidentId).toBe(down[0]?.payload.incidentId);
    expect(after[1]?.dedupe_key).toBe(`incident:${down[0]?.payload.incidentId}:resolved`);
  });
});

describe('the dispatcher nudge', () => {
  it('is called after a check that recorded events, not after one that recorded none', async () => {
    const location = sim.locations[0];
    if (!location) throw new Error('ingen anlegg');
    const w = await wireLocation(admin, sim, location, { paths: ['temperature'], bays: 1 });
    await runCheck(ctx, w.apiId);
    let nudges = 0;
    const processor = createCheckProcessor({
      db: ctx.database.db,
      bus: ctx.app.bus,
      log: ctx.app.log as Logger,
      heartbeatMs: 15 * 60_000,
      failureThreshold: async () => DEFAULT_FAILURE_THRESHOLD,
      onNotificationsRecorded: () => nudges++,
    });
    const engine = ctx.app.statusEngine.engine;
    const [api] = await ctx.database.db.select().from(apis).where(eq(apis.id, w.apiId));
    if (!api) throw new Error('fant ikke API-et');
    const check = async (temperature: number) => {
      sim.control.setValues(location.id, 'hall-1', { temperature });
      const { outcome } = await engine.poll(() => engine.connectionOf(api), 2000);
      await processor.process(api, outcome, 'poll');
    };
    await check(20);
    expect(nudges).toBe(0);
    await check(95);
    expect(nudges).toBe(1);
    expect((await recordedEvents(ctx)).map((e) => e.type)).toEqual(['incident.opened']);
  });
});
