/**
 * The loop every channel's sender runs: a pass over its due outbox rows, again `pollIntervalMs` after
 * each pass ends, at once on `nudge()`. A nudge during a pass makes one more pass right after it, so a
 * row written while a pass was reading is not left for the next poll.
 */
export function createSenderLoop({
  pass,
  pollIntervalMs,
  onError,
}: {
  /** One pass; it checks `stopped()` between rows and returns early once it is true. */
  pass: (stopped: () => boolean) => Promise<void>;
  pollIntervalMs: number;
  /** A pass that threw (the database away): logged, and the loop goes on at the next poll. */
  onError: (err: unknown) => void;
}) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  const isStopped = () => stopped;

  function schedule(delay: number) {
    if (stopped) return;
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
    running = pass(isStopped)
      .catch(onError)
      .finally(() => {
        running = undefined;
        const next = again ? 0 : pollIntervalMs;
        again = false;
        schedule(next);
      });
  }

  return {
    start: () => schedule(0),
    nudge: () => schedule(0),
    stopped: isStopped,
    /** No new pass starts; the one in hand ends after its current row (the leases cover the rest). */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
