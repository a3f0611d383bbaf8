/**
 * Runs `run` once the browser has nothing else to do, or after `timeout` ms at the latest; where the browser
 * cannot tell (Safari has no `requestIdleCallback`), after 500 ms.
 */
export function whenIdle(run: () => void, timeout: number): void {
  if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout });
  else setTimeout(run, 500);
}
