import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import type { LogFn, Logger } from 'pino';

/**
 * What a database failure means for the caller: `unavailable` — the connection is gone or the server is
 * not accepting work (restart, failover, network); `full` — the database volume has no space left. Both
 * pass without anything being written, so the request answers 503 and may be tried again.
 */
export type DatabaseFault = 'unavailable' | 'full';

/** PostgreSQL's SQLSTATE classes and codes (appendix A of its manual) that mean the database, not the query. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '58030']);
const FULL_SQLSTATES = new Set(['53100']);
const UNAVAILABLE_SYSCALL_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/** node-postgres raises these as plain errors, without a code. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error',
  'timeout exceeded when trying to connect',
  'Client was closed and is not queryable',
];

/** An error and those it wraps in `cause` (drizzle wraps the driver's error), five deep at most. */
function* causesOf(err: unknown): Generator<{ code?: unknown; message?: unknown }> {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    yield e;
    e = (e as { cause?: unknown }).cause;
  }
}

/** The fault behind an error or one it wraps, or null for any other. */
export function databaseFaultOf(err: unknown): DatabaseFault | null {
  for (const { code, message } of causesOf(err)) {
    if (typeof code === 'string') {
      if (FULL_SQLSTATES.has(code)) return 'full';
      if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08') || UNAVAILABLE_SYSCALL_CODES.has(code))
        return 'unavailable';
    }
    if (typeof message === 'string') {
      if (message.includes('No space left on device')) return 'full';
      if (UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return 'unavailable';
    }
  }
  return null;
}

/**
 * A transaction PostgreSQL rolled back because it collided with another (SQLSTATE class 40: a deadlock, a
 * serialization failure): nothing of it was written, and the same request may well pass when sent again. Each
 * is a lock-order fault of ours (the writes of a check and of an edit must take their locks in one order), so
 * it is logged every time, not as an outage.
 */
export function isTransactionCollision(err: unknown): boolean {
  for (const { code } of causesOf(err)) if (typeof code === 'string' && code.startsWith('40')) return true;
  return false;
}

export const TRANSACTION_COLLISION = {
  code: 'misc/transaction-collision',
  message: 'Endringen kolliderte med en annen samtidig. Ingenting ble endret; prøv igjen.',
} as const;

export const DATABASE_FAULT_MESSAGES: Record<DatabaseFault, { code: string; message: string }> = {
  unavailable: {
    code: 'misc/database-unavailable',
    message: 'Databasen er midlertidig utilgjengelig. Ingenting ble endret; prøv igjen om litt.',
  },
  full: {
    code: 'misc/database-full',
    message: 'Databasen er full. Endringen ble ikke lagret; prøv igjen senere.',
  },
};

/** A fault seen again this long after the last one is a new outage with an error line of its own. */
const QUIET_MS = 60_000;

/**
 * One error-level line per database outage instead of one per request, check and loop: the first failure of
 * a kind is logged as an error that names the outage; the rest of it at debug level, counted; the first new
 * connection after an outage says how long it lasted and how many failures it swallowed. Installed as
 * pino's `logMethod` hook, so every logger of the app (requests, engine, senders, realtime) goes through it.
 */
export function createDatabaseHealth(now = () => Date.now()) {
  const outages = new Map<DatabaseFault, { since: number; last: number; repeats: number }>();
  let announceRecovery: ((line: string, fields: object) => void) | null = null;

  function logMethod(this: Logger, args: Parameters<LogFn>, method: LogFn, level: number) {
    const first = args[0] as { err?: unknown } | undefined;
    const fault = level >= 50 && first && typeof first === 'object' ? databaseFaultOf(first.err) : null;
    if (!fault) return method.apply(this, args);
    const at = now();
    const outage = outages.get(fault);
    if (outage && at - outage.last < QUIET_MS) {
      outage.last = at;
      outage.repeats++;
      return this.debug(...(args as [object, string]));
    }
    outages.set(fault, { since: at, last: at, repeats: 0 });
    announceRecovery = (line, fields) => this.info(fields, line);
    const what = fault === 'full' ? 'Databasen er full' : 'Databasen er utilgjengelig';
    return method.apply(this, [
      { ...first, databaseFault: fault },
      `${what}: forespørsler og jobber som trenger den feiler med 503 til den er tilbake (${String(args[1] ?? '')})`,
    ]);
  }

  /** A new connection was made: an `unavailable` outage is over. */
  function connected() {
    const outage = outages.get('unavailable');
    if (!outage) return;
    outages.delete('unavailable');
    announceRecovery?.('Databasen svarer igjen', {
      outageMs: now() - outage.since,
      failuresNotLogged: outage.repeats,
    });
  }

  /** Watches a pool: each new connection ends an outage. */
  function watch(pool: pg.Pool) {
    pool.on('connect', connected);
  }

  return { logMethod, connected, watch };
}

/**
 * Runs a write that must follow something already done outside the database (an e-mail sent, a webhook
 * posted, a change committed whose event is due): while the database is away it is tried again with
 * back-off (100 ms doubling to 2 s) for up to `maxMs`, so a restart does not turn into a second e-mail or a
 * lost event. Any other failure, or one past `maxMs`, is thrown.
 */
export async function retryWhileDatabaseAway<T>(
  write: () => Promise<T>,
  { maxMs, onRetry }: { maxMs: number; onRetry?: (err: unknown) => void },
): Promise<T> {
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      if (!databaseFaultOf(err) || Date.now() - started > maxMs) throw err;
      onRetry?.(err);
      await sleep(Math.min(100 * 2 ** attempt, 2000));
    }
  }
}
