import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { API_BASE } from '@vaskedrift/shared';
import type { Logger } from 'pino';
import { runMigrations } from './client';
import { DATABASE_FAULT_MESSAGES, databaseFaultOf } from './health';

/** Between attempts, as the live channel's reconnect: 1, 2, 5, then every 10 s. */
const RETRY_DELAYS_MS = [1000, 2000, 5000, 10_000];

/**
 * Migrates the database once it answers. An external PostgreSQL that is not there yet (the server started
 * first, a failover, a restart) is waited for instead of ending the process; meanwhile the port answers the
 * probes — `live` 200, `ready` and everything else 503 — so a load balancer or service manager sees a
 * starting server, not a dead one. Any other failure (a broken migration, a refused password) still ends
 * the start-up, as it needs a person.
 */
export async function migrateWhenReachable(
  databaseUrl: string,
  { log, port, host, signal }: { log: Logger; port: number; host: string; signal: AbortSignal },
): Promise<void> {
  let waiting: http.Server | null = null;
  const where = safeLocation(databaseUrl);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await runMigrations(databaseUrl);
        if (attempt > 0) log.info({ database: where }, 'databasen svarer; starter Vaskedrift');
        return;
      } catch (err) {
        if (!databaseFaultOf(err)) throw err;
        const delay = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)] as number;
        log.warn(
          { database: where, reason: (err as Error).message, retryInMs: delay },
          `Vaskedrift venter på databasen (${where}); prøver igjen om ${delay / 1000} s`,
        );
        waiting ??= await answerWhileWaiting(port, host);
        await sleep(delay, undefined, { signal });
      }
    }
  } finally {
    await new Promise((resolve) => (waiting ? waiting.close(resolve) : resolve(null)));
  }
}

/** Host, port and database name of a connection string, without user or password, for the log. */
function safeLocation(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

function answerWhileWaiting(port: number, host: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const live = req.url?.split('?')[0] === `${API_BASE}/misc/live`;
    const body = live
      ? { data: { status: 'live' } }
      : {
          ...DATABASE_FAULT_MESSAGES.unavailable,
          message: 'Vaskedrift starter og venter på databasen. Prøv igjen om litt.',
          details: null,
          hint: null,
        };
    res.writeHead(live ? 200 : 503, {
      'content-type': 'application/json; charset=utf-8',
      'retry-after': '5',
    });
    res.end(JSON.stringify(body));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
