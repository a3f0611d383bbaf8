import type pg from 'pg';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { listenToChannels } from '../../db/listen';
import { hasBucket } from './affinity';
import { type Claim, type ClaimedApi, claimDueApis, rephaseFutureChecks } from './claims.repository';
import { createInstanceHeartbeat } from './instance-heartbeat';

/**
 * Claims are at least this far apart (a wake-up for what falls due sooner waits for it): under load the
 * APIs falling due within it are claimed together, one statement rather than one per check. Without
 * wake-ups (`listening` never set) the scheduler claims this often, as it always did: the most a check
 * can start late then.
 */
const TICK_MS = 250;
/**
 * The longest a listening scheduler sleeps (decision 009, Sleeping until due): how long an API of another
 * instance that stopped unseen can stay unchecked beyond its owner's grace, and a bound on any wake-up lost.
 */
const MAX_SLEEP_MS = 5_000;
/**
 * With every slot taken, the scheduler claims again once this share of the slots is free, or `SLOT_GATHER_MS`
 * after the first check ends if that comes sooner: a claim per ended check would be a statement per check.
 * In a backlog bound by the CPU (a bulk add's first round, about 90 checks ending a second at 150,000 bays)
 * a quarter of 50 slots frees in about 140 ms, so the bound rarely fires: 650–770 claims in such a round
 * where claiming 10 ms after the first end made 1,200–1,400 (bench/README.md), and as many fewer full
 * transactions, which a claim's first checks share. Checks waiting on slow controllers free their slots
 * slowly; the bound keeps a freed slot idle at most 100 ms of such a check's second or more.
 */
const SLOT_GATHER_SHARE = 0.25;
const SLOT_GATHER_MS = 100;
/**
 * How often the scheduler looks for checks set further ahead than a claim sets them (the database's clock
 * went back, decision 030): the longest a clock put back stops a check beyond its interval.
 */
const REPHASE_EVERY_MS = 10_000;
const LAG_SAMPLES = 16_384;
/**
 * An API of another instance's buckets that this instance has not checked for this long is let go: its
 * cached rules and foresight's series (decision 041) — but only once this instance has taken over no API
 * for as long, so not while it is giving way (a backlog, whose APIs would come back and have their series
 * rebuilt from history again and again). A taken-over API of a crashed owner is checked here every slot
 * until its buckets are this instance's, so it stays; those taken over while their owner was only behind
 * (the first round's give-way) and those whose bucket went to a joining instance go. Should one come back,
 * its rules are read again and its series rebuilt, as for any API first checked here.
 */
export const RELEASE_IDLE_MS = 2 * 60_000;
/** How often the scheduler looks for such APIs (a walk over the APIs it has checked). */
const RELEASE_EVERY_MS = 30_000;
/** An API not checked here for this long is no longer remembered at all (deleted, or long another's). */
const FORGET_CHECKED_MS = 24 * 60 * 60_000;
/** The NOTIFY channel of migration 0038: an API may be due sooner than the schedulers know. */
const CHECKS_CHANNEL = 'vaskedrift_checks';

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
  /** Heartbeats that have returned (each one's answer is in `instances` and `ownedBuckets`). */
  heartbeats: number;
  /** Buckets this instance owns, of `BUCKETS`. */
  ownedBuckets: number;
  /** Claimed APIs of a bucket this instance did not own at the claim (their owner late or gone). */
  takenOver: number;
  /** APIs let go: another instance's, not checked here for `RELEASE_IDLE_MS`. */
  released: number;
};

/** An API this instance has checked: its key and bucket, and when it last claimed it (monotonic ms). */
type CheckedHere = { key: number; bucket: number; at: number };

/**
 * Runs `round` at the soonest time asked for (`at`, on the monotonic clock), one round at a time: a time
 * asked for while a round runs is kept, and the next round is set for the sooner of it and the time the
 * round itself returns. A time asked for never puts off one already set sooner (decision 019 lost a
 * wake-up to that).
 */
function soonestTimer(round: () => Promise<number>) {
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Number.POSITIVE_INFINITY;
  let running: Promise<void> | null = null;
  let askedAt = Number.POSITIVE_INFINITY;
  let stopped = true;

  function at(when: number) {
    if (stopped) return;
    if (running) {
      askedAt = Math.min(askedAt, when);
      return;
    }
    if (when >= timerAt) return;
    clearTimeout(timer);
    timerAt = when;
    timer = setTimeout(run, Math.max(0, when - performance.now()));
    timer.unref?.();
  }

  function run() {
    timerAt = Number.POSITIVE_INFINITY;
    askedAt = Number.POSITIVE_INFINITY;
    running = round().then((next) => {
      running = null;
      at(Math.min(next, askedAt));
    });
  }

  return {
    at,
    start() {
      stopped = false;
      at(performance.now());
    },
    /** No round after the one in hand, which it waits for. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timerAt = Number.POSITIVE_INFINITY;
      await running;
    },
  };
}

/** Brings slots a clock put back within reach again (decision 030), at most every `REPHASE_EVERY_MS`. */
function rephaseEvery(db: Db, log: Logger) {
  /** When the last rephase ran, on the monotonic clock (the first claim runs one). */
  let rephasedAt = Number.NEGATIVE_INFINITY;
  return async () => {
    if (performance.now() - rephasedAt < REPHASE_EVERY_MS) return;
    rephasedAt = performance.now();
    const moved = await rephaseFutureChecks(db);
    if (moved > 0)
      log.warn({ apis: moved }, 'databaseklokken har gått tilbake: neste sjekk er flyttet nærmere');
  };
}

/**
 * The connection that hears of APIs falling due sooner (migration 0038's NOTIFY): `wake` on each, and
 * `listening` told whether it listens (the loop's sleep is bounded by it).
 */
function hearDueSooner(pool: pg.Pool, log: Logger, wake: () => void, listening: (on: boolean) => void) {
  return listenToChannels({
    pool,
    name: 'vaskedrift-checks',
    log,
    channels: { [CHECKS_CHANNEL]: wake },
    listening: () => {
      listening(true);
      wake();
    },
    deaf: () => listening(false),
    lost: 'sjekkløkken hører ikke om nye API-er (tilkoblingen ble brutt); ser etter hvert kvarter sekund',
    back: 'sjekkløkken hører om nye API-er igjen',
  });
}

/**
 * What an instance's loop has claimed, and letting go of it (decision 041): the APIs of buckets it does not
 * own that it has not claimed for `RELEASE_IDLE_MS` go to `onReleased` (their rules and series dropped),
 * looked for every `RELEASE_EVERY_MS`. Nothing while it knows no owners (no heartbeat yet) or has taken an
 * API over within that time: in a backlog it would let go of what it takes over again.
 */
function createLettingGo(deps: {
  log: Logger;
  stats: SchedulerStats;
  owned(): Buffer | undefined;
  onReleased?(apis: Array<{ id: string; key: number }>): void;
}) {
  /** The APIs this instance's loop has claimed, by id. */
  const checkedHere = new Map<string, CheckedHere>();
  /** When the last look for APIs to let go ran, and when this instance last took an API over (monotonic). */
  let releasedAt = performance.now();
  let tookOverAt = Number.NEGATIVE_INFINITY;

  /** Lets go of other instances' APIs not claimed here for `idleMs`; answers how many went. */
  function releaseIdle(idleMs: number): number {
    const owned = deps.owned();
    const now = performance.now();
    if (!owned || now - tookOverAt < idleMs) return 0;
    const released: Array<{ id: string; key: number }> = [];
    for (const [id, api] of checkedHere) {
      const idle = now - api.at;
      if (idle >= FORGET_CHECKED_MS) checkedHere.delete(id);
      else if (idle >= idleMs && !hasBucket(owned, api.bucket)) {
        checkedHere.delete(id);
        released.push({ id, key: api.key });
      }
    }
    if (released.length === 0) return 0;
    deps.stats.released += released.length;
    try {
      deps.onReleased?.(released);
    } catch (err) {
      deps.log.error({ err }, 'kunne ikke slippe API-er som en annen instans sjekker');
    }
    return released.length;
  }

  return {
    releaseIdle,
    /** A claimed API, by the buckets the claim went by: remembered, and counted if taken over. */
    claimed(api: ClaimedApi, owned: Buffer | undefined, now: number) {
      checkedHere.set(api.id, { key: api.key, bucket: api.bucket, at: now });
      if (owned && !hasBucket(owned, api.bucket)) {
        deps.stats.takenOver++;
        tookOverAt = now;
      }
    },
    /** After a claim: lets go of what has been idle, if the last look was `RELEASE_EVERY_MS` ago. */
    now(now: number) {
      if (now - releasedAt < RELEASE_EVERY_MS) return;
      releasedAt = now;
      releaseIdle(RELEASE_IDLE_MS);
    },
  };
}

/**
 * The check loop of one server instance (decision 009). Each claim takes as many due APIs as it has free
 * slots (`concurrency` checks in flight at most) and runs them; a full claim claims again at once, and one
 * that finds every slot taken waits for a check to end. Otherwise it sleeps until the next API it may
 * claim is due, which the claim answers: at least `TICK_MS` after the claim began and, while it hears of
 * APIs falling due sooner (the NOTIFYs of migration 0038, through `pool`), at most `MAX_SLEEP_MS`;
 * otherwise at most `TICK_MS`. Claiming moves `next_check_at` forward in the database, which keeps
 * instances apart.
 */
export function createScheduler(deps: {
  db: Db;
  log: Logger;
  concurrency: number;
  /** This instance's stable key (decision 041): the APIs it checks first are those its key wins. */
  instanceKey: string;
  runCheck(api: ClaimedApi): Promise<void>;
  /** APIs this instance lets go (another instance's, not checked here for a while): drop what it keeps of them. */
  onReleased?(apis: Array<{ id: string; key: number }>): void;
  /** A pool of the database, for the connection that hears of APIs falling due sooner. */
  pool?: pg.Pool;
}) {
  let stopped = true;
  /** When the last claim began, on the monotonic clock. */
  let claimedAt = Number.NEGATIVE_INFINITY;
  /** Whether APIs falling due sooner are heard of (the NOTIFY connection listens): the sleep's bound. */
  let listening = false;
  let hearing: { stop(): Promise<void> } | undefined;
  /** The last claim found every slot taken: the next ended check brings the next claim forward. */
  let waitingForSlot = false;
  const running = new Set<Promise<void>>();
  const gathered = Math.ceil(deps.concurrency * SLOT_GATHER_SHARE); // free slots that bring a claim at once
  const stats: SchedulerStats = {
    claimed: 0,
    finished: 0,
    inFlight: 0,
    lag: new Samples(),
    claims: 0,
    instances: 0,
    heartbeats: 0,
    ownedBuckets: 0,
    takenOver: 0,
    released: 0,
  };
  const timer = soonestTimer(tick);
  /** Something may be due sooner than the last claim said: claim again, `TICK_MS` after the last one. */
  const wake = () => timer.at(Math.max(performance.now(), claimedAt + TICK_MS));
  const instance = createInstanceHeartbeat({
    db: deps.db,
    log: deps.log,
    instanceKey: deps.instanceKey,
    stats,
    // Other buckets are this instance's now: some of their APIs may be due.
    onRebalanced: wake,
  });
  const rephaseWhenDue = rephaseEvery(deps.db, deps.log);
  const lettingGo = createLettingGo({
    log: deps.log,
    stats,
    owned: () => instance.affinity?.owned,
    onReleased: deps.onReleased,
  });

  /** Claims and starts what is due; returns when to claim next, on the monotonic clock. */
  async function tick(): Promise<number> {
    const began = performance.now();
    const free = deps.concurrency - running.size;
    waitingForSlot = free <= 0;
    if (waitingForSlot) return began + TICK_MS;
    claimedAt = began;
    let claim: Claim;
    /** The buckets this claim went by (a heartbeat may change them while it runs). */
    let owned: Buffer | undefined;
    try {
      await rephaseWhenDue();
      if (!instance.affinity) await instance.beat();
      owned = instance.affinity?.owned;
      claim = await claimDueApis(deps.db, free, instance.affinity ?? undefined);
      stats.claims++;
    } catch (err) {
      if (!stopped) deps.log.error({ err }, 'kunne ikke hente sjekker som er forfalt');
      return began + TICK_MS;
    }
    const now = performance.now();
    for (const api of claim.claimed) {
      stats.claimed++;
      lettingGo.claimed(api, owned, now);
      stats.lag.add(api.claimedAt.getTime() - api.dueAt.getTime());
      const run: Promise<void> = deps
        .runCheck(api)
        .catch((err: unknown) => deps.log.error({ err, apiId: api.id }, 'sjekken krasjet'))
        .finally(() => {
          running.delete(run);
          stats.finished++;
          stats.inFlight = running.size;
          if (waitingForSlot) {
            // The soonest asked for stands: the bound set at the first end, until enough slots are free.
            const free = deps.concurrency - running.size;
            timer.at(performance.now() + (free >= gathered ? 0 : SLOT_GATHER_MS));
          }
        });
      running.add(run);
    }
    stats.inFlight = running.size;
    lettingGo.now(now);
    if (claim.claimed.length === free) return now;
    // Measured from the claim's answer: the database's clock says how far off the next due time is.
    const sleep = Math.min(claim.nextDueInMs ?? Number.POSITIVE_INFINITY, listening ? MAX_SLEEP_MS : TICK_MS);
    return Math.max(now + sleep, began + TICK_MS);
  }

  return {
    stats,
    get running() {
      return !stopped;
    },
    /** Lets go now of other instances' APIs not claimed here for `idleMs` (tests; the loop does it itself). */
    releaseIdle: lettingGo.releaseIdle,
    /**
     * Claims every API due now and runs the checks to their end, through the same claim as the loop. For
     * tests and tools that drive checks by hand while the loop is off.
     */
    async runDue(): Promise<string[]> {
      const checked: string[] = [];
      for (;;) {
        const { claimed } = await claimDueApis(deps.db, deps.concurrency);
        if (claimed.length === 0) return checked;
        await Promise.all(claimed.map((api) => deps.runCheck(api)));
        checked.push(...claimed.map((api) => api.id));
      }
    },
    start() {
      if (!stopped) return;
      stopped = false;
      timer.start();
      instance.start();
      if (!deps.pool) return;
      hearing = hearDueSooner(deps.pool, deps.log, wake, (on) => {
        listening = on;
      });
    },
    /**
     * Stops claiming, leaves the live instances (the others take its buckets at their next heartbeat),
     * then waits for the checks in flight (their fetches are aborted by the caller).
     */
    async stop() {
      if (stopped) return;
      stopped = true;
      instance.halt();
      await Promise.all([timer.stop(), hearing?.stop()]);
      listening = false;
      await instance.leave();
      await Promise.allSettled([...running]);
    },
  };
}
