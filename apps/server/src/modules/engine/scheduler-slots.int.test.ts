import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { createScheduler } from './scheduler';

const CONCURRENCY = 12;
const APIS = 60;
/** One check in flight ends this often, one at a time: longer than the old gathering (10 ms after an end). */
const END_EVERY_MS = 15;

describe('a scheduler with every slot taken', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ SECRET_KEY: randomBytes(32).toString('hex') });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('claims again once a quarter of its slots are free, not after every check that ends', async () => {
    await ctx.database.pool.query(
      `insert into apis (name, endpoint_url, check_interval, push_token_hash, push_token_encrypted, next_check_at)
       select 'Kø ' || n, 'http://10.0.0.1/', 300, md5(random()::text || n), 'x', now() - interval '1 second'
       from generate_series(1, $1::int) n`,
      [APIS],
    );
    // The checks end one by one, END_EVERY_MS apart, oldest first: a backlog that frees a slot at a time.
    const inFlight: Array<() => void> = [];
    const ender = setInterval(() => inFlight.shift()?.(), END_EVERY_MS);
    const scheduler = createScheduler({
      db: ctx.database.db,
      log: ctx.app.log as Logger,
      concurrency: CONCURRENCY,
      instanceKey: 'slots-test',
      runCheck: () => new Promise<void>((resolve) => inFlight.push(resolve)),
    });
    try {
      scheduler.start();
      const deadline = Date.now() + 20_000;
      while (scheduler.stats.finished < APIS && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(scheduler.stats.finished).toBe(APIS);
      expect(scheduler.stats.claimed).toBe(APIS);
      // The first claim fills the 12 slots; the other 48 come a quarter of the slots (3) at a time: 16 claims,
      // and at most a few more that find nothing left (the loop claims every 250 ms without wake-ups). A claim
      // after every ended check would be about 48.
      expect(scheduler.stats.claims).toBeLessThanOrEqual(1 + 48 / 3 + 4);
    } finally {
      clearInterval(ender);
      for (const end of inFlight.splice(0)) end();
      await scheduler.stop();
    }
  });
});
