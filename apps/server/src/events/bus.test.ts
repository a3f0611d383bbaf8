import { describe, expect, it } from 'vitest';
import { EventBus } from './bus';

const event = { userId: 'u1', ip: null, sessionId: 's1', scope: 'local' as const };

describe('EventBus', () => {
  it('delivers to every subscriber, and a failing one neither stops the others nor the publisher', async () => {
    const errors: unknown[] = [];
    const bus = new EventBus({ error: (obj: unknown) => void errors.push(obj) });
    const seen: string[] = [];
    bus.on('auth.signed_out', () => {
      throw new Error('boom');
    });
    bus.on('auth.signed_out', (e) => void seen.push(e.sessionId));
    expect(() => bus.publish('auth.signed_out', event)).not.toThrow();
    await bus.drain();
    expect(seen).toEqual(['s1']);
    expect(errors).toHaveLength(1);
  });

  it('stops delivering after unsubscribe', async () => {
    const bus = new EventBus({ error: () => {} });
    const seen: string[] = [];
    const off = bus.on('auth.signed_out', (e) => void seen.push(e.sessionId));
    off();
    bus.publish('auth.signed_out', event);
    await bus.drain();
    expect(seen).toEqual([]);
  });
});
