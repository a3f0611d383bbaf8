import { REALTIME_RECONNECT_DELAYS_MS } from '@vaskedrift/shared';

/** Up to this share of a step is taken off at random, so that tabs cut off together do not return together. */
const RECONNECT_JITTER = 0.2;

/**
 * The wait before reconnect attempt `attempt` (0-based): 1, 2, 5, then 10 s for every later attempt, each
 * shortened by up to a fifth at random (never longer than the shared step). Without the spread,
 * a server restart with 1,000 browsers brought them back in lockstep (bench/README.md, realtime restart).
 */
export function reconnectDelay(attempt: number, random: () => number): number {
  const steps = REALTIME_RECONNECT_DELAYS_MS;
  const index = Math.min(Math.max(0, Math.floor(attempt)), steps.length - 1);
  const step = steps[index] ?? Math.max(...steps);
  return Math.round(step * (1 - RECONNECT_JITTER * random()));
}

/** After the whole back-off has failed once the channel counts as offline rather than reconnecting. */
export function stateWhileRetrying(attempt: number, browserOnline: boolean): 'reconnecting' | 'offline' {
  if (!browserOnline) return 'offline';
  return attempt >= REALTIME_RECONNECT_DELAYS_MS.length ? 'offline' : 'reconnecting';
}
