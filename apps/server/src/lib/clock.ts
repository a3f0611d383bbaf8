/**
 * The wall clock the server reads for the decisions it takes in JavaScript (docs/decisions/030-clocks.md):
 * access tokens, maintenance reminders, escalation, the dispatcher's reminder intervals, a check's time.
 * Decisions on times PostgreSQL stamped are taken in SQL with its `now()`; durations and loops use the
 * monotonic clock (`performance.now()`, timers). Tests pass a clock they move.
 */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
