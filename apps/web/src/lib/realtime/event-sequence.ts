import type { RealtimeEvent, ResumeAnswer } from '@vaskedrift/shared';

/**
 * The `seq` of the last event applied. An event at or below it is a duplicate (a live event that also came
 * in a resume answer) and is dropped; events are applied in `seq` order. While a `resume` is on its way,
 * live events wait so that the missed ones are applied before them.
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
}

export function createEventSequence({
  apply,
  refetchAll,
}: {
  apply: (event: RealtimeEvent) => void;
  refetchAll: () => void;
}): EventSequence {
  let lastSeq: number | null = null;
  let held: RealtimeEvent[] | null = null;

  function applyInOrder(events: readonly RealtimeEvent[]) {
    const sorted = [...events].sort((a, b) => a.seq - b.seq);
    for (const event of sorted) {
      if (lastSeq !== null && event.seq <= lastSeq) continue;
      lastSeq = event.seq;
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
  };
}
