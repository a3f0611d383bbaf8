/**
 * What a pass of a loop that sleeps while idle answers: when the earliest work it left behind falls due
 * (a retry, the end of a wait), or null when it left none.
 */
export type NextDue = { nextDueAt: Date | null };

/**
 * The longest an idle loop sleeps: how late work no nudge announced can be picked up. Retries and waits
 * are not affected (their time is known); only rows written by an instance that stopped before its nudge.
 */
export const IDLE_POLL_MS = 30_000;

/**
 * A background loop: `pass` runs at `start()`, then `intervalMs` after each pass ends, and at once on
 * `nudge()`; never two passes at a time (a nudge during a pass runs one more right after it). A failed pass
 * goes to `onError` and the loop goes on (after `intervalMs`).
 *
 * With `idleMs` the loop sleeps while nothing is due (issue 28, the idle cost): the pass answers `NextDue`
 * and the next one runs when that falls due — never sooner than `intervalMs`, never later than `idleMs`
 * (the backstop for work no nudge announced: another instance that stopped mid-batch, a lease run out).
 * Whoever records work for the loop calls `nudge()` after the commit.
 *
 * With `nudgeGapMs` a nudge runs the pass no sooner than that after the last pass began: a stream of nudges
 * (every check that records an event, on every instance) becomes a pass per gap, each taking all of them.
 */
export function createPoller({
  pass,
  intervalMs,
  idleMs,
  nudgeGapMs = 0,
  onError,
}: {
  pass: () => Promise<unknown>;
  intervalMs: number;
  idleMs?: number;
  nudgeGapMs?: number;
  onError: (err: unknown) => void;
}) {
  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let lastStart = Number.NEGATIVE_INFINITY;
  /** How long until a nudged pass may run. */
  const gap = () => Math.max(0, lastStart + nudgeGapMs - Date.now());

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
    let delay = intervalMs;
    lastStart = Date.now();
    running = pass()
      .then((answer) => {
        if (idleMs !== undefined && isNextDue(answer)) delay = sleepFor(answer.nextDueAt, intervalMs, idleMs);
      }, onError)
      .finally(() => {
        running = undefined;
        const next = again ? gap() : delay;
        again = false;
        schedule(next);
      });
  }

  return {
    start() {
      started = true;
      schedule(0);
    },
    /**
     * Runs a pass now instead of at the next poll (nothing before `start()`). During a pass, one more right
     * after it: a timer set now would be cleared by the pass's own scheduling if the pass ended before it
     * fired, and the nudge would wait for the idle backstop.
     */
    nudge() {
      if (running) again = true;
      else schedule(gap());
    },
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

function isNextDue(answer: unknown): answer is NextDue {
  return typeof answer === 'object' && answer !== null && 'nextDueAt' in answer;
}

function sleepFor(nextDueAt: Date | null, intervalMs: number, idleMs: number): number {
  if (nextDueAt === null) return idleMs;
  return Math.min(idleMs, Math.max(intervalMs, nextDueAt.getTime() - Date.now()));
}
