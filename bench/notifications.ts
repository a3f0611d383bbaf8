/**
 * Notification delivery under load: N e-mails (outbox rows) and N webhook deliveries (N events recorded
 * and fanned out to one webhook in one transaction, as the dispatcher does) written at once, then sent by
 * one server (buildApp in this process, its own background senders) to a local SMTP server and a local
 * webhook receiver that verifies every signature. Prints deliveries per second per channel and the
 * latency from a row's creation to its arrival, p50/p99, in a throwaway database on the external
 * PostgreSQL.
 *
 *   node --import tsx bench/notifications.ts
 *   N=5000 RECEIVER_DELAY_MS=50 node --import tsx bench/notifications.ts
 *
 * Options (environment): DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres), N (2000), EMAILS and
 * WEBHOOKS (N each; 0 leaves that channel out),
 * RECEIVER_DELAY_MS (0: the receiver answers at once; more plays a slow receiver), TIMEOUT (300 s).
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { inArray } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { dropDatabase, ensureDatabase, withDatabase } from '../apps/server/src/db/admin';
import { connectDatabase, runMigrations } from '../apps/server/src/db/client';
import { notificationEvents } from '../apps/server/src/db/schema';
import { recordNotificationEvents } from '../apps/server/src/notify/notification-events';
import { createWebhookSecrets } from '../apps/server/src/notify/webhook-delivery';
import { enqueueWebhookDeliveries } from '../apps/server/src/notify/webhook-fanout';
import { startSmtpServer } from '../apps/server/test/smtp';
import { startWebhookReceiver } from '../apps/server/test/webhooks';

const env = process.env;
const ADMIN_URL = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const N = Number(env.N ?? 2000);
/** One channel alone: EMAILS=0 or WEBHOOKS=0. */
const EMAILS = Number(env.EMAILS ?? N);
const WEBHOOKS = Number(env.WEBHOOKS ?? N);
const RECEIVER_DELAY_MS = Number(env.RECEIVER_DELAY_MS ?? 0);
const TIMEOUT_MS = Number(env.TIMEOUT ?? 300) * 1000;
const SECRET = 'bench-webhook-hemmelighet';

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

type ChannelFigures = { delivered: number; seconds: number; p50: number; p99: number; max: number };

/** Throughput from the first row's creation to the last arrival, and each row's creation → arrival. */
function figures(arrivals: Array<{ createdAt: number; receivedAt: number }>): ChannelFigures {
  const latencies = arrivals.map((a) => a.receivedAt - a.createdAt).sort((a, b) => a - b);
  const first = Math.min(...arrivals.map((a) => a.createdAt));
  const last = Math.max(...arrivals.map((a) => a.receivedAt));
  return {
    delivered: arrivals.length,
    seconds: (last - first) / 1000,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
  };
}

async function waitUntil(done: () => boolean, what: string) {
  const deadline = Date.now() + TIMEOUT_MS;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`${what} kom ikke fram innen ${TIMEOUT_MS / 1000} s`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function main() {
  const dbName = `vd_bench_notify_${randomBytes(4).toString('hex')}`;
  await ensureDatabase(ADMIN_URL, dbName);
  const url = withDatabase(ADMIN_URL, dbName);
  const smtp = await startSmtpServer();
  const receiver = await startWebhookReceiver(SECRET, RECEIVER_DELAY_MS);
  const secretKey = randomBytes(32).toString('hex');
  const database = connectDatabase(url, 10);
  try {
    await runMigrations(url);
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: url,
      SECRET_KEY: secretKey,
      LOG_LEVEL: 'silent',
      SMTP_URL: smtp.url,
      CHECKS_ENABLED: 'false',
    });
    const app = await buildApp({
      config,
      db: database.db,
      databaseKind: 'external',
      logger: false,
      loopbackTargets: [receiver.target],
      backgroundHousekeeping: false,
    });
    try {
      await app.ready();
      const pool = database.pool;
      await pool.query(
        `insert into webhooks (name, url, secret, tags) values ('Bench', $1, $2, '{critical}')`,
        [receiver.url, createWebhookSecrets(secretKey).seal(SECRET)],
      );
      console.log(
        `${fmt(EMAILS)} e-poster og ${fmt(WEBHOOKS)} webhookleveringer, mottakeren svarer etter ${RECEIVER_DELAY_MS} ms`,
      );

      await pool.query(
        `insert into outbox (channel, "to", subject, text, kind)
         select 'email', 'mottaker' || n || '@example.com', 'Bench ' || n, 'Hei', 'bench'
         from generate_series(1, $1::int) as n`,
        [EMAILS],
      );
      await database.db.transaction(async (tx) => {
        const ids = await recordNotificationEvents(
          tx,
          Array.from({ length: WEBHOOKS }, (_, i) => ({
            type: 'alert.opened' as const,
            tag: 'critical' as const,
            dedupeKey: `bench:${i}`,
            locationIds: [],
            bayIds: [],
            payload: { bayName: `Hall ${i}`, level: 'critical' },
            suppressible: false,
          })),
        );
        const events = await tx.select().from(notificationEvents).where(inArray(notificationEvents.id, ids));
        await enqueueWebhookDeliveries(tx, events);
      });
      app.mailer.nudge();
      app.notifying.webhookSender.nudge();

      const cpuBefore = process.cpuUsage();
      await Promise.all([
        waitUntil(() => smtp.messages.length >= EMAILS, 'e-postene'),
        waitUntil(() => receiver.received.length >= WEBHOOKS, 'webhookene'),
      ]);
      const cpu = process.cpuUsage(cpuBefore);

      const { rows } = await pool.query<{ channel: string; key: string; created: Date }>(
        `select channel, case when channel = 'email' then subject else event_id::text end as key,
           created_at as created
         from outbox`,
      );
      const created = new Map(rows.map((r) => [`${r.channel}:${r.key}`, r.created.getTime()]));
      const email = figures(
        smtp.messages.map((m) => ({
          createdAt: created.get(`email:${m.subject}`) ?? 0,
          receivedAt: m.receivedAt,
        })),
      );
      const webhook = figures(
        receiver.received.map((r) => ({
          createdAt: created.get(`webhook:${r.body.id}`) ?? 0,
          receivedAt: r.receivedAt,
        })),
      );
      const unverified = receiver.received.filter((r) => !r.verified).length;
      const repeats = receiver.received.length - new Set(receiver.received.map((r) => r.body.id)).size;

      console.log('\n| channel | delivered | per second | creation → arrival p50 | p99 | max |');
      console.log('|---|---|---|---|---|---|');
      for (const [name, f] of [
        ['e-mail', email],
        ['webhook', webhook],
      ] as const) {
        if (f.delivered === 0) continue;
        console.log(
          `| ${name} | ${fmt(f.delivered)} | ${fmt(f.delivered / f.seconds)} | ${fmt(f.p50)} ms | ${fmt(f.p99)} ms | ${fmt(f.max)} ms |`,
        );
      }
      console.log(
        `\nwebhook signatures not verified: ${unverified}, repeated deliveries: ${repeats}; ` +
          `server process CPU ${fmt((cpu.user + cpu.system) / 1000)} ms; load average ${fmt(os.loadavg()[0] ?? 0, 1)}`,
      );
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await smtp.close();
    await receiver.stop();
    await dropDatabase(ADMIN_URL, dbName);
  }
}

await main();
