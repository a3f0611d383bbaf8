import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { BUCKETS, bucketBitmap, bucketsOwnedBy } from './affinity';
import type { ClaimAffinity } from './claims.repository';
import { heartbeat, leave } from './instances.repository';

/**
 * How often an instance tells the others it is alive and learns who else is (decision 041): a statement
 * each time, on an idle server too. Checks never wait for it: another's late API is taken over after the
 * grace below, whatever the heartbeats know.
 */
const HEARTBEAT_MS = 5_000;
/**
 * An instance silent this long no longer owns buckets: long enough for a few missed heartbeats (a busy
 * event loop, a slow database), short enough that a crashed instance's APIs find their owner soon.
 */
const LIVE_FOR_SECONDS = 20;
/**
 * Another instance's API is claimed by anyone once it has been due this long: its owner is gone but not
 * yet known to be, or behind. The longest a crashed instance's APIs wait (plus the others' sleep, at most
 * 5 s, decision 009), while an owner that is merely a few claims late keeps its APIs, and its cache serving
 * them.
 */
const TAKEOVER_GRACE_SECONDS = 5;

/**
 * A scheduler's place among the live instances (decision 041): a heartbeat every `HEARTBEAT_MS` says it
 * is alive and takes the buckets it wins among those that are; `leave` gives them up at once.
 */
export function createInstanceHeartbeat(deps: {
  db: Db;
  log: Logger;
  instanceKey: string;
  /** The scheduler's figures this keeps up to date. */
  stats: { instances: number; heartbeats: number; ownedBuckets: number };
  /** The buckets this instance owns have changed (an instance joined or left). */
  onRebalanced(): void;
}) {
  /** Its buckets as the claim reads them; none until the first heartbeat has told who else is live. */
  let affinity: ClaimAffinity | null = null;
  let liveKeys = '';
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let beating: Promise<void> | null = null;

  /** Says this instance is alive and takes the buckets it wins among the live instances. */
  async function beat() {
    const live = await heartbeat(deps.db, deps.instanceKey, LIVE_FOR_SECONDS);
    deps.stats.heartbeats++;
    const joined = live.join('\n');
    if (joined === liveKeys && affinity) return;
    const owned = bucketsOwnedBy(deps.instanceKey, live);
    affinity = { owned: bucketBitmap(owned), graceSeconds: TAKEOVER_GRACE_SECONDS };
    liveKeys = joined;
    deps.stats.instances = live.length;
    deps.stats.ownedBuckets = owned.length;
    deps.onRebalanced();
    deps.log.info(
      { instance: deps.instanceKey, instances: live.length, buckets: owned.length, of: BUCKETS },
      'sjekkene er fordelt mellom instansene',
    );
  }

  function scheduleHeartbeat() {
    if (stopped) return;
    timer = setTimeout(() => {
      beating = beat()
        .catch((err: unknown) => {
          if (!stopped) deps.log.warn({ err }, 'kunne ikke melde at instansen lever');
        })
        .finally(() => {
          beating = null;
          scheduleHeartbeat();
        });
    }, HEARTBEAT_MS);
    timer.unref?.();
  }

  return {
    get affinity() {
      return affinity;
    },
    beat,
    start() {
      stopped = false;
      scheduleHeartbeat();
    },
    /** Stops the heartbeats; the instance stays live until `leave`. */
    halt() {
      stopped = true;
      clearTimeout(timer);
    },
    /** Waits for a heartbeat under way, then leaves the live instances (the others take its buckets). */
    async leave() {
      await beating;
      if (!affinity) return;
      affinity = null;
      liveKeys = '';
      await leave(deps.db, deps.instanceKey).catch((err: unknown) =>
        deps.log.warn({ err }, 'kunne ikke melde at instansen stopper'),
      );
    },
  };
}
