/**
 * A background loop: `pass` runs at `start()`, then `intervalMs` after each pass ends, and at once on
 * `nudge()`; never two passes at a time (a nudge during a pass runs one more right after it). A failed pass
 * goes to `onError` and the loop goes on.
 */
export function createPoller({
  pass,
  intervalMs,
  onError,
}: {
  pass: () => Promise<unknown>;
  intervalMs: number;
  onError: (err: unknown) => void;
}) {
  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  function schedule(delay: number) {
    if (!started || stopped) return;
    clearTimeout(timer);
    timer = setTimeout(run, delay);
    timer.unref();
  }

  function run() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = pass()
      .then(() => undefined, onError)
      .finally(() => {
        running = undefined;
        const next = again ? 0 : intervalMs;
        again = false;
        schedule(next);
      });
  }

  return {
    start() {
      started = true;
      schedule(0);
    },
    /** Runs a pass now instead of at the next poll (nothing before `start()`). */
    nudge: () => schedule(0),
    /** True once `stop()` was called: a long pass checks it between items. */
    get stopped() {
      return stopped;
    },
    /** Stops after the pass in hand. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
