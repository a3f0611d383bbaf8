import { REALTIME_SERVER, type RealtimeEvent, type RealtimeEventType } from '@vaskedrift/shared';
import type { Logger } from 'pino';
import type { Server } from 'socket.io';
import type { Db } from '../../db/client';
import { retryWhileDatabaseAway } from '../../db/health';
import type { EventBus } from '../../events/bus';
import type { DomainEvents } from '../../events/domain-events';
import { insertJournal, type JournalEntry } from './realtime.repository';
import { publicPayloadText, roomsOf, targetOf } from './realtime-audience';

/** Journal rows per INSERT (7 parameters each, well under PostgreSQL's 65,535). */
const MAX_BATCH = 1000;
/** Between instances: send these events to this instance's sockets. */
export const DELIVER = 'vaskedrift:deliver';
export type Delivery = { rooms: string[]; event: RealtimeEvent };
/** How long a batch waits for the other instances to confirm it before the next one leaves anyway. */
const DELIVERY_ACK_MS = 1000;
/** A journal write that finds the database away is tried again for this long before its events are dropped. */
const JOURNAL_RETRY_MS = 120_000;

/**
 * Bus events into the journal and out to the rooms that may see them, in `seq` order: events published
 * together are written in one INSERT; each batch is sent to this instance's sockets and, as one message,
 * to the other instances (emits sent one by one go out on different pool connections and could overtake
 * each other). `server()` is the socket.io server once attached; `betweenInstances`: the postgres adapter
 * carries events to other instances.
 */
export function createJournal(deps: {
  db: Db;
  log: Pick<Logger, 'error' | 'warn'>;
  server: () => Server | null;
  betweenInstances: boolean;
}) {
  const { db, log } = deps;
  /** The highest `seq` this instance has written or been sent: a lower bound of every `seq` taken so far. */
  let knownSeq = 0;
  const know = (events: readonly RealtimeEvent[]) => {
    for (const event of events) if (event.seq > knownSeq) knownSeq = event.seq;
  };
  const queue: JournalEntry[] = [];
  let flushing: Promise<void> = Promise.resolve();

  function enqueue(entry: JournalEntry) {
    queue.push(entry);
    if (queue.length === 1) {
      flushing = flushing
        .then(() => new Promise((r) => setImmediate(r)))
        .then(flush)
        .catch((err: unknown) => log.error({ err }, 'sanntidshendelser ble ikke sendt'));
    }
  }
  async function flush() {
    while (queue.length > 0) await flushBatch(queue.splice(0, MAX_BATCH));
  }
  /**
   * A change already committed must reach the journal: while the database is away (restart, failover) the
   * write is tried again with back-off, for up to two minutes, and the events behind it wait in order.
   */
  async function write(batch: JournalEntry[]): Promise<RealtimeEvent[]> {
    try {
      return await retryWhileDatabaseAway(() => insertJournal(db, batch), {
        maxMs: JOURNAL_RETRY_MS,
        onRetry: (err) => log.error({ err, events: batch.length }, 'sanntidshendelser venter på databasen'),
      });
    } catch (err) {
      log.error({ err, events: batch.length }, 'sanntidshendelser ble ikke lagret');
      return [];
    }
  }
  async function flushBatch(batch: JournalEntry[]) {
    const events = await write(batch);
    know(events);
    const server = deps.server();
    if (!server || events.length === 0) return;
    const deliveries: Delivery[] = events.map((event, i) => ({
      rooms: roomsOf(batch[i] as JournalEntry),
      event,
    }));
    deliverHere(server, deliveries);
    if (!deps.betweenInstances) return;
    // The next batch leaves once the other instances have this one (or after a second, if one died):
    // NOTIFYs on different pool connections could otherwise overtake each other.
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise((resolve) => {
      timer = setTimeout(resolve, DELIVERY_ACK_MS);
    });
    const acked = server.serverSideEmitWithAck(DELIVER, deliveries).then((answers: unknown[]) => {
      // No answer at all: the adapter knows no other instance, and then it publishes nothing. After an
      // outage of over 10 s it has forgotten the others until their next heartbeat (socket.io-adapter's
      // `heartbeatTimeout`), so the batch goes out without an ack; alone, it costs one NOTIFY.
      if (answers.length === 0) server.serverSideEmit(DELIVER, deliveries);
    });
    await Promise.race([acked, late])
      .catch(() => log.warn({ events: deliveries.length }, 'en instans bekreftet ikke sanntidshendelser'))
      .finally(() => clearTimeout(timer));
  }

  /**
   * Sends a batch to this instance's sockets in `seq` order. An event none of whose rooms has a socket here
   * is not sent at all: socket.io would encode it before finding no one (a bulk add's first round with no
   * browser open, issue 28). An empty room is no longer in the adapter's map.
   */
  function deliverHere(server: Server, deliveries: Delivery[]) {
    const open = server.of('/').adapter.rooms;
    for (const { rooms: to, event } of deliveries) {
      if (to.some((room) => open.has(room))) server.local.to(to).emit(REALTIME_SERVER.event, event);
    }
  }

  /** A batch another instance sent: delivered here, and acknowledged. */
  function onDelivery(server: Server, deliveries: unknown, ack?: () => void) {
    if (Array.isArray(deliveries)) {
      know((deliveries as Delivery[]).map((delivery) => delivery.event));
      deliverHere(server, deliveries as Delivery[]);
    }
    if (typeof ack === 'function') ack();
  }

  /** Journals and sends every bus event of this type; returns the unsubscribe. */
  function subscribe<K extends RealtimeEventType>(bus: EventBus, type: K): () => void {
    return bus.on(type, (payload) => {
      enqueue({
        type,
        ...targetOf(type, payload as DomainEvents[K]),
        payload: publicPayloadText(payload as object),
      });
    });
  }

  return {
    subscribe,
    onDelivery,
    /** Starts from the journal's newest `seq` (at attach). */
    knowAtLeast: (seq: number) => {
      knownSeq = Math.max(knownSeq, seq);
    },
    knownSeq: () => knownSeq,
    flushed: () => flushing,
  };
}
