import type { RealtimeEvent } from '@vaskedrift/shared';
import { describe, expect, it, vi } from 'vitest';
import { createEventSequence } from './event-sequence';

function event(seq: number): RealtimeEvent {
  return { seq, type: 'bay.updated', locationId: 'loc-a', at: '2026-11-24T10:00:00.000Z', payload: {} };
}

function setup() {
  const applied: number[] = [];
  const refetchAll = vi.fn();
  const sequence = createEventSequence({
    apply: (next) => {
      applied.push(next.seq);
    },
    refetchAll,
    appliedInPlace: (next) => next.type === 'bay.status_changed',
  });
  return { applied, refetchAll, sequence };
}

describe('createEventSequence', () => {
  it("replays a read's missed events: in-place ones again even if applied, the others once", () => {
    const { applied, sequence } = setup();
    const status = (seq: number): RealtimeEvent => ({ ...event(seq), type: 'bay.status_changed' });
    sequence.receive(status(1));
    sequence.receive(event(2));
    sequence.replay([status(1), event(2), event(3)]);
    expect(applied).toEqual([1, 2, 1, 3]);
    expect(sequence.lastSeq).toBe(3);
  });

  it('applies live events and drops duplicates', () => {
    const { applied, sequence } = setup();
    for (const seq of [1, 2, 2, 1, 3]) sequence.receive(event(seq));
    expect(applied).toEqual([1, 2, 3]);
    expect(sequence.lastSeq).toBe(3);
  });

  it("applies another instance's event that arrives after a higher seq, and resumes from the highest", () => {
    const { applied, sequence } = setup();
    for (const seq of [10, 12, 11, 12]) sequence.receive(event(seq));
    expect(applied).toEqual([10, 12, 11]);
    expect(sequence.lastSeq).toBe(12);
  });

  it('applies a resume answer in seq order before the live events that came meanwhile', () => {
    const { applied, sequence } = setup();
    sequence.receive(event(10));
    sequence.startResume();
    sequence.receive(event(14));
    sequence.receive(event(13));
    expect(applied).toEqual([10]);
    sequence.resumed({ events: [event(12), event(11), event(13)] });
    expect(applied).toEqual([10, 11, 12, 13, 14]);
    expect(sequence.lastSeq).toBe(14);
  });

  it('refetches everything when the gap is too old, and goes on from the newest live event', () => {
    const { applied, refetchAll, sequence } = setup();
    sequence.receive(event(5));
    sequence.startResume();
    sequence.receive(event(900));
    sequence.resumed({ refetch: true });
    expect(refetchAll).toHaveBeenCalledOnce();
    sequence.receive(event(900));
    sequence.receive(event(901));
    expect(applied).toEqual([5, 901]);
  });

  it('refetches everything when the resume is not answered, then applies what came meanwhile', () => {
    const { applied, refetchAll, sequence } = setup();
    sequence.receive(event(5));
    sequence.startResume();
    sequence.receive(event(8));
    sequence.resumeFailed();
    expect(refetchAll).toHaveBeenCalledOnce();
    expect(applied).toEqual([5, 8]);
  });
});
