import type { RealtimeEvent, ResumeAnswer } from '@vaskedrift/shared';

/**
 * `lastSeq` is the highest `seq` applied, where a `resume` starts. An event already applied (a live event
 * that also came in a resume answer) is dropped; one below `lastSeq` that was not applied yet is applied:
 * instances take `seq` values before they commit, so another instance's event may arrive a little after a
 * higher one (docs/decisions/020-realtime.md). Events of one batch are applied in `seq` order. While a
 * `resume` is on its way, live events wait so that the missed ones are applied before them.
 */
export interface EventSequence {
  readonly lastSeq: number | null;
  /** Applies the event unless it is a duplicate or the sequence is waiting for a resume answer. */
  receive(event: RealtimeEvent): void;
  /** Live events are held back until `resumed` (after the `resume` message was sent). */
  startResume(): void;
  /** Applies a resume answer, then the live events held back meanwhile; `refetch` when the gap is too old. */
  resumed(answer: ResumeAnswer): void;
  /** No answer (timeout, disconnect): the held events cannot be trusted to be complete; refetch. */
  resumeFailed(): void;
  /**
   * The events after a read that has just replaced cached data: those applied in place are applied again
   * (the read may predate them), the rest as usual.
   */
  replay(events: readonly RealtimeEvent[]): void;
}

/** How many recent `seq`s are remembered to drop duplicates. */
const APPLIED_WINDOW = 2000;

export function createEventSequence({
  apply,
  refetchAll,
  appliedInPlace,
}: {
  apply: (event: RealtimeEvent) => void;
  refetchAll: () => void;
  /** Whether an event writes into cached data (rather than marking it stale): such data can be overwritten by an older read. */
  appliedInPlace: (event: RealtimeEvent) => boolean;
}): EventSequence {
  let lastSeq: number | null = null;
  let held: RealtimeEvent[] | null = null;
  /** The `seq`s applied lately, oldest first; a late event is far younger than this window. */
  const applied = new Set<number>();

  function remember(seq: number) {
    applied.add(seq);
    if (applied.size > APPLIED_WINDOW) applied.delete(applied.values().next().value as number);
  }

  function applyInOrder(events: readonly RealtimeEvent[]) {
    const sorted = [...events].sort((a, b) => a.seq - b.seq);
    for (const event of sorted) {
      if (applied.has(event.seq) || (lastSeq !== null && event.seq <= lastSeq - APPLIED_WINDOW)) continue;
      remember(event.seq);
      lastSeq = Math.max(lastSeq ?? event.seq, event.seq);
      apply(event);
    }
  }

  function endResume(): RealtimeEvent[] {
    const waiting = held ?? [];
    held = null;
    return waiting;
  }

  return {
    get lastSeq() {
      return lastSeq;
    },
    receive(event) {
      if (held) held.push(event);
      else applyInOrder([event]);
    },
    startResume() {
      held ??= [];
    },
    resumed(answer) {
      const waiting = endResume();
      if ('refetch' in answer) {
        // Everything is fetched again; the newest held event tells where the stream now stands.
        const newest = waiting.reduce<number | null>(
          (max, event) => Math.max(max ?? event.seq, event.seq),
          null,
        );
        if (newest !== null) lastSeq = Math.max(lastSeq ?? newest, newest);
        for (const event of waiting) remember(event.seq);
        refetchAll();
        return;
      }
      applyInOrder([...answer.events, ...waiting]);
    },
    resumeFailed() {
      const waiting = endResume();
      refetchAll();
      applyInOrder(waiting);
    },
    replay(events) {
      for (const event of events) if (applied.has(event.seq) && appliedInPlace(event)) apply(event);
      applyInOrder(events);
    },
  };
}
