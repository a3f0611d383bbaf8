import pg from 'pg';
import type { Logger } from 'pino';
import type { OutboxChannel } from './outbox.repository';

/** The NOTIFY channels of migration 0029: recorded events, and pending outbox rows (payload: their channel). */
const EVENTS_CHANNEL = 'vaskedrift_notification_events';
const OUTBOX_CHANNEL = 'vaskedrift_outbox';
/** How soon a lost listening connection is tried again. */
const RECONNECT_MS = 2000;

type Options = {
  /** The app's pool: its connection settings, for one connection of its own that only listens. */
  pool: pg.Pool;
  log: Pick<Logger, 'warn' | 'info'>;
  /** Notification events were committed (by any instance or process). */
  events(): void;
  /** Pending rows of this outbox channel were committed. */
  outbox(channel: OutboxChannel): void;
  /** Listening (again): whatever was written meanwhile has to be looked for. */
  listening(): void;
};

/**
 * Wakes the notification loops (docs/decisions/019-notifications.md, Waking the loops): one connection,
 * outside the pool, LISTENs to the NOTIFYs the triggers of migration 0029 send when events or pending outbox
 * rows are committed, so the dispatcher and the senders can sleep while nothing is due. A lost connection is
 * made again every two seconds; each time it listens, every loop is woken to catch up.
 */
export function listenForWakeups({ pool, log, events, outbox, listening }: Options) {
  let client: pg.Client | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let lostLogged = false;

  function retryLater() {
    if (stopped) return;
    timer = setTimeout(() => void connect(), RECONNECT_MS);
    timer.unref();
  }

  async function connect() {
    if (stopped) return;
    const next = new pg.Client({ ...pool.options, application_name: 'vaskedrift-wakeups' });
    next.on('notification', (message) => {
      if (message.channel === EVENTS_CHANNEL) events();
      else if (message.channel === OUTBOX_CHANNEL) outbox(message.payload as OutboxChannel);
    });
    // An error ends the connection; 'end' follows and tries again.
    next.on('error', () => {});
    next.once('end', () => {
      if (client !== next) return;
      client = null;
      if (!stopped && !lostLogged) {
        lostLogged = true;
        log.warn('varslingssløyfene hører ikke etter nye rader (tilkoblingen ble brutt); prøver igjen');
      }
      retryLater();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${EVENTS_CHANNEL}; LISTEN ${OUTBOX_CHANNEL}`);
    } catch {
      await next.end().catch(() => {});
      retryLater();
      return;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    if (lostLogged) log.info('varslingssløyfene hører etter nye rader igjen');
    lostLogged = false;
    listening();
  }

  void connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const open = client;
      client = null;
      await open?.end().catch(() => {});
    },
  };
}
