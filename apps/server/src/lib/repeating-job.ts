/**
 * A background round run again and again on a timer, never two at once: the wait before the next round
 * is chosen when the last one ends, by how it ended. The timer does not keep the process alive.
 */
export interface RepeatingJob {
  /** Plans the first round; nothing while already started. */
  start(): void;
  /** Cancels the planned round and waits for the one running; `start()` may follow. */
  stop(): Promise<void>;
}

export function createRepeatingJob<T>(job: {
  /** One round. */
  round: () => Promise<T>;
  /** The wait before the first round (random, so instances started together spread out). */
  firstDelayMs: () => number;
  /** The wait after a round that ended with `result`. */
  nextDelayMs: (result: T) => number;
  /** The wait after a round that failed. */
  retryDelayMs: number;
  /** Told of a failed round, except while stopping (a round cut short by the close is no fault). */
  onError: (err: unknown) => void;
}): RepeatingJob {
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let running: Promise<void> | null = null;

  function schedule(delay: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      running = job.round().then(
        (result) => {
          running = null;
          schedule(job.nextDelayMs(result));
        },
        (err: unknown) => {
          running = null;
          if (stopped) return;
          job.onError(err);
          schedule(job.retryDelayMs);
        },
      );
    }, delay);
    timer.unref();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(job.firstDelayMs());
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
