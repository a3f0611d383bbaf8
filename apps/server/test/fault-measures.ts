import pg from 'pg';
import { request } from './fault-actors';
import { type Rig, rows } from './fault-rig';
import type { ServerProcess } from './server-process';

/*
 * The readings the database fault scenarios (fault-scenarios.ts) take of the rig: server logs and liveness,
 * whether the cluster answers, the e-mail outbox against the SMTP server, the API's last check.
 */

/** Outbox rows marked sent against messages the SMTP server accepted (see `mailState`). */
export type MailState = { rows: number; unsent: number; duplicates: number; missing: number };

/** Error-level lines (pino level ≥ 50) in a server's output after `from`. */
export function errorLines(output: string, from = 0): string[] {
  return output
    .slice(from)
    .split('\n')
    .filter((line) => {
      if (!line.startsWith('{')) return false;
      try {
        return ((JSON.parse(line) as { level?: number }).level ?? 0) >= 50;
      } catch {
        return false;
      }
    });
}

/** Whether the server's process has neither exited nor been killed. */
export const running = (server: ServerProcess) =>
  server.child.exitCode == null && server.child.signalCode == null;

/** Whether a new connection to the cluster is accepted and answers right now. */
export async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** `promise`, or a rejection naming `what` once `ms` have passed. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`ventet for lenge (${ms} ms): ${what}`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * Outbox rows against the messages the SMTP server accepted, by address and subject: `duplicates` accepted
 * more often than rows were marked sent (a message the server does not know it sent goes again when its
 * lease ends), `missing` marked sent but never accepted, `unsent` rows not marked sent.
 */
export async function mailState(rig: Rig): Promise<MailState> {
  const outbox = await rows<{ to: string; subject: string; status: string }>(
    rig,
    `select "to", subject, status from outbox where channel = 'email'`,
  );
  const tally = (keys: string[]) => {
    const counts = new Map<string, number>();
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
    return counts;
  };
  const sent = tally(outbox.filter((r) => r.status === 'sent').map((r) => `${r.to}|${r.subject}`));
  const caught = tally(rig.smtp.messages.map((m) => `${m.to.join(',')}|${m.subject}`));
  let duplicates = 0;
  let missing = 0;
  for (const key of new Set([...sent.keys(), ...caught.keys()])) {
    const diff = (caught.get(key) ?? 0) - (sent.get(key) ?? 0);
    if (diff > 0) duplicates += diff;
    else missing -= diff;
  }
  return {
    rows: outbox.length,
    unsent: outbox.filter((r) => r.status !== 'sent').length,
    duplicates,
    missing,
  };
}

/** When the rig's API last had a successful check, as the first server reports it. */
export async function lastSuccessAt(rig: Rig): Promise<number | undefined> {
  const res = await request(
    `${rig.servers[0]?.url}/api/v1/backend/apis/get`,
    'POST',
    { id: rig.apiId },
    rig.token(),
  );
  const at = (res.body as { data?: { lastSuccessAt?: string | null } }).data?.lastSuccessAt;
  return at ? Date.parse(at) : undefined;
}

/** The newest notification event's id (0: none yet). */
export async function newestNotificationEvent(rig: Rig): Promise<number> {
  const [row] = await rows<{ id: string | null }>(rig, 'select max(id) as id from notification_events');
  return Number(row?.id ?? 0);
}
