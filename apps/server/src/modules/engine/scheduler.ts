import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { hasBucket } from './affinity';
import { type ClaimedApi, claimDueApis, rephaseFutureChecks } from './claims.repository';
import { createInstanceHeartbeat } from './instance-heartbeat';

/** How often an idle scheduler looks for due checks: the most a check can start late on a quiet system. */
const TICK_MS = 250;
/**
 * With every slot taken, the scheduler claims again this long after the first check ends (the checks
 * ending meanwhile free their slots too): a claim per ended check would be a statement per check.
 */
const SLOT_GATHER_MS = 10;
/**
 * How often the scheduler looks for checks set further ahead than a claim sets them (the database's clock
 * went back, decision 030): the longest a clock put back stops a check beyond its interval.
 */
const REPHASE_EVERY_MS = 10_000;
const LAG_SAMPLES = 16_384;

/** A fixed-size window of recent figures (lag, duration), for the benchmark and the logs. */
export class Samples {
  private readonly samples: number[] = [];
  private next = 0;
  constructor(private readonly size = LAG_SAMPLES) {}
  add(value: number) {
    if (this.samples.length < this.size) this.samples.push(value);
    else this.samples[this.next] = value;
    this.next = (this.next + 1) % this.size;
  }
  values(): number[] {
    return [...this.samples];
  }
  percentile(p: number): number | null {
    if (this.samples.length === 0) return null;
    const sorted = [...this.samples].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? null;
  }
  clear() {
    this.samples.length = 0;
    this.next = 0;
  }
}

type SchedulerStats = {
  claimed: number;
  finished: number;
  inFlight: number;
  lag: Samples;
  /** Claim statements that have returned, whether they found anything due or not. */
  claims: number;
  /** Live instances sharing the checks, this one included (0 until its first heartbeat). */
  instances: number;
  /** Buckets this instance owns, of `BUCKETS`. */
  ownedBuckets: number;
  /** Claimed APIs of a bucket this instance did not own at the claim (their owner late or gone). */
  takenOver: number;
};

/**
 * The check loop of one server instance (decision 009). Every tick it claims as many due APIs as it has
 * free slots (`concurrency` checks in flight at most) and runs them; a full claim ticks again at once, and
 * a tick that finds every slot taken waits for a check to end rather than for the next tick. Claiming
 * moves `next_check_at` forward in the database, which is what keeps instances apart.
 */
export function createScheduler(deps: {
  db: Db;
  log: Logger;
  concurrency: number;
  /** This instance's stable key (decision 041): the APIs it checks first are those its key wins. */
  instanceKey: string;
  runCheck(api: ClaimedApi): Promise<void>;
}) {
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let ticking: Promise<void> | null = null;
  /** The last tick found every slot taken: the next ended check brings the next tick forward. */
  let waitingForSlot = false;
  const running = new Set<Promise<void>>();
  const stats: SchedulerStats = {
    claimed: 0,
    finished: 0,
    inFlight: 0,
    lag: new Samples(),
    claims: 0,
    instances: 0,
    ownedBuckets: 0,
    takenOver: 0,
  };
  const instance = createInstanceHeartbeat({
    db: deps.db,
    log: deps.log,
    instanceKey: deps.instanceKey,
    stats,
  });
  /** When the last rephase ran, on the monotonic clock (the first tick runs one). */
  let rephasedAt = Number.NEGATIVE_INFINITY;

  async function rephaseWhenDue() {
    if (performance.now() - rephasedAt < REPHASE_EVERY_MS) return;
    rephasedAt = performance.now();
    const moved = await rephaseFutureChecks(deps.db);
    if (moved > 0) {
      deps.log.warn({ apis: moved }, 'databaseklokken har gått tilbake: neste sjekk er flyttet nærmere');
    }
  }

  /** Claims and starts what is due: 'full' when it filled every free slot, 'busy' when there was none. */
  async function tick(): Promise<'full' | 'partial' | 'busy'> {
    const free = deps.concurrency - running.size;
    if (free <= 0) return 'busy';
    let claimed: ClaimedApi[];
    /** The buckets this claim went by (a heartbeat may change them while it runs). */
    let owned: Buffer | undefined;
    try {
      await rephaseWhenDue();
      if (!instance.affinity) await instance.beat();
      owned = instance.affinity?.owned;
      claimed = await claimDueApis(deps.db, free, instance.affinity ?? undefined);
      stats.claims++;
    } catch (err) {
      if (!stopped) deps.log.error({ err }, 'kunne ikke hente sjekker som er forfalt');
      return 'partial';
    }
    for (const api of claimed) {
      stats.claimed++;
      if (owned && !hasBucket(owned, api.bucket)) stats.takenOver++;
      stats.lag.add(api.claimedAt.getTime() - api.dueAt.getTime());
      const run: Promise<void> = deps
        .runCheck(api)
        .catch((err: unknown) => deps.log.error({ err, apiId: api.id }, 'sjekken krasjet'))
        .finally(() => {
          running.delete(run);
          stats.finished++;
          stats.inFlight = running.size;
          if (waitingForSlot) {
            waitingForSlot = false;
            schedule(SLOT_GATHER_MS);
          }
        });
      running.add(run);
    }
    stats.inFlight = running.size;
    return claimed.length === free ? 'full' : 'partial';
  }

  function schedule(delay: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      waitingForSlot = false;
      ticking = tick()
        .then((outcome) => {
          waitingForSlot = outcome === 'busy';
          schedule(outcome === 'full' ? 0 : TICK_MS);
        })
        .finally(() => {
          ticking = null;
        });
    }, delay);
    timer.unref?.();
  }

  return {
    stats,
    get running() {
      return !stopped;
    },
    /**
     * Claims every API due now and runs the checks to their end, through the same claim as the loop. For
     * tests and tools that drive checks by hand while the loop is off.
     */
    async runDue(): Promise<string[]> {
      const checked: string[] = [];
      for (;;) {
        const claimed = await claimDueApis(deps.db, deps.concurrency);
        if (claimed.length === 0) return checked;
        await Promise.all(claimed.map((api) => deps.runCheck(api)));
        checked.push(...claimed.map((api) => api.id));
      }
    },
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
      instance.start();
    },
    /**
     * Stops claiming, leaves the live instances (the others take its buckets at their next heartbeat),
     * then waits for the checks in flight (their fetches are aborted by the caller).
     */
    async stop() {
      if (stopped) return;
      stopped = true;
      clearTimeout(timer);
      instance.halt();
      await ticking;
      await instance.leave();
      await Promise.allSettled([...running]);
    },
  };
}
