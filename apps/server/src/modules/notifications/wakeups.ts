import type pg from 'pg';
import type { Logger } from 'pino';
import { listenToChannels } from '../../db/listen';
import type { OutboxChannel } from './outbox.repository';

/** The NOTIFY channels of migration 0029: recorded events, and pending outbox rows (payload: their channel). */
const EVENTS_CHANNEL = 'vaskedrift_notification_events';
const OUTBOX_CHANNEL = 'vaskedrift_outbox';

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
 * Wakes the notification loops (docs/decisions/019-notifications.md, Waking the loops): the NOTIFYs the
 * triggers of migration 0029 send when events or pending outbox rows are committed, so the dispatcher and
 * the senders can sleep while nothing is due; each time it listens (again), every loop is woken to catch up.
 */
export function listenForWakeups({ pool, log, events, outbox, listening }: Options) {
  return listenToChannels({
    pool,
    name: 'vaskedrift-wakeups',
    log,
    channels: {
      [EVENTS_CHANNEL]: events,
      [OUTBOX_CHANNEL]: (payload) => outbox(payload as OutboxChannel),
    },
    listening,
    lost: 'varslingssløyfene hører ikke etter nye rader (tilkoblingen ble brutt); prøver igjen',
    back: 'varslingssløyfene hører etter nye rader igjen',
  });
}
