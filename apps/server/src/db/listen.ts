import pg from 'pg';
import type { Logger } from 'pino';

/** How soon a lost listening connection is tried again. */
const RECONNECT_MS = 2000;

type Options = {
  /** A pool of the database: its connection settings, for one connection of its own that only listens. */
  pool: pg.Pool;
  /** The connection's `application_name` in `pg_stat_activity`. */
  name: string;
  log: Pick<Logger, 'warn' | 'info'>;
  /** What is told of each channel's NOTIFYs (its payload). */
  channels: Record<string, (payload: string) => void>;
  /** Listening (again): whatever was written meanwhile has to be looked for. */
  listening(): void;
  /** The connection was lost: NOTIFYs go unheard until `listening` is called again. */
  deaf?(): void;
  /** Logged once when the connection is lost, and (with "igjen") when it listens again. */
  lost: string;
  back: string;
};

/**
 * LISTENs to the NOTIFYs of `channels` on one connection outside the pool, so loops can sleep while
 * nothing is due and be woken by what any instance commits (decision 019, Waking the loops). A lost
 * connection is made again every two seconds; each time it listens, `listening` is called to catch up.
 */
export function listenToChannels({ pool, name, log, channels, listening, deaf, lost, back }: Options) {
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
    const next = new pg.Client({ ...pool.options, application_name: name });
    next.on('notification', (message) => channels[message.channel]?.(message.payload ?? ''));
    // An error ends the connection; 'end' follows and tries again.
    next.on('error', () => {});
    next.once('end', () => {
      if (client !== next) return;
      client = null;
      deaf?.();
      if (!stopped && !lostLogged) {
        lostLogged = true;
        log.warn(lost);
      }
      retryLater();
    });
    try {
      await next.connect();
      await next.query(
        Object.keys(channels)
          .map((channel) => `LISTEN ${channel}`)
          .join('; '),
      );
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
    if (lostLogged) log.info(back);
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
