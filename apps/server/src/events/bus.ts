import type { Logger } from 'pino';
import type { DomainEvents } from './domain-events';

type Handler<K extends keyof DomainEvents> = (payload: DomainEvents[K]) => void | Promise<void>;

/**
 * The in-process domain event bus. Services publish after their change is saved; realtime,
 * notifications and logs subscribe. A failing subscriber is logged and never fails the publisher.
 */
export class EventBus {
  private readonly handlers = new Map<keyof DomainEvents, Set<Handler<never>>>();
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: Pick<Logger, 'error'>) {}

  on<K extends keyof DomainEvents>(event: K, handler: Handler<K>): () => void {
    let set = this.handlers.get(event);
    if (!set) {
      set = new Set();
      this.handlers.set(event, set);
    }
    set.add(handler as Handler<never>);
    return () => set.delete(handler as Handler<never>);
  }

  publish<K extends keyof DomainEvents>(event: K, payload: DomainEvents[K]): void {
    for (const handler of this.handlers.get(event) ?? []) {
      const run = Promise.resolve()
        .then(() => (handler as Handler<K>)(payload))
        .catch((err: unknown) => this.log.error({ err, event }, 'subscriber failed'))
        .finally(() => this.pending.delete(run));
      this.pending.add(run);
    }
  }

  /** Waits for subscribers still running: used at shutdown and by tests. */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
  }
}
