import { REALTIME_RECONNECT_DELAYS_MS } from '@vaskedrift/shared';

/** The wait before reconnect attempt `attempt` (0-based): 1, 2, 5, then 10 s for every later attempt. */
export function reconnectDelay(attempt: number): number {
  const steps = REALTIME_RECONNECT_DELAYS_MS;
  const index = Math.min(Math.max(0, Math.floor(attempt)), steps.length - 1);
  return steps[index] ?? Math.max(...steps);
}

/** After the whole back-off has failed once the channel counts as offline rather than reconnecting. */
export function stateWhileRetrying(attempt: number, browserOnline: boolean): 'reconnecting' | 'offline' {
  if (!browserOnline) return 'offline';
  return attempt >= REALTIME_RECONNECT_DELAYS_MS.length ? 'offline' : 'reconnecting';
}
