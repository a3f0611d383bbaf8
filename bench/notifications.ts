/**
 * Notification delivery, in a throwaway database on the external PostgreSQL, by one server (buildApp in
 * this process with its own background loops: dispatcher, e-mail sender, webhook sender) to a local SMTP
 * server and a local webhook receiver that verifies every signature. Two sections, one after the other:
 *
 * 1. Throughput: N e-mails (outbox rows) and N webhook deliveries (N events recorded and fanned out to one
 *    webhook in one transaction, as the dispatcher does) written at once. Prints deliveries per second per
 *    channel and each row's creation → arrival, p50/p99/max.
 * 2. Latency from check to delivery: a facility with a bay whose temperature attribute is fed by pushes,
 *    a custom recipient and a webhook with tag `critical`. ROUNDS times: push a critical value through the
 *    real push route, take t0 when it answers (the check's transaction has committed), wait for the
 *    e-mail and the webhook, record arrival − t0; push an active value (the resolution, tag `info`, told to
 *    nobody here) and wait until the outbox is empty again. Pushes are at least PUSH_SPACING_MS apart (the
 *    push route takes 60 a minute per API). Prints p50/p95/p99/max per channel.
 *
 *   node --import tsx bench/notifications.ts
 *   N=5000 RECEIVER_DELAY_MS=50 ROUNDS=0 node --import tsx bench/notifications.ts
 *   N=0 ROUNDS=200 node --import tsx bench/notifications.ts     (latency alone)
 *
 * Options (environment): DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres), N (2000), EMAILS and
 * WEBHOOKS (N each; 0 leaves that channel out), RECEIVER_DELAY_MS (0: the receiver answers at once; more
 * plays a slow receiver), ROUNDS (50; 0 skips the latency section), PUSH_SPACING_MS (1100), TIMEOUT (300 s).
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { dropDatabase, ensureDatabase, withDatabase } from '../apps/server/src/db/admin';
import { connectDatabase, type Database, runMigrations } from '../apps/server/src/db/client';
import { notificationEvents } from '../apps/server/src/db/schema';
import { hashPassword } from '../apps/server/src/lib/password';
import {
  createWebhookSecrets,
  enqueueWebhookDeliveries,
  recordNotificationEvents,
} from '../apps/server/src/modules/notifications';
import { insertUser } from '../apps/server/src/modules/users';
import { startSmtpServer, type TestSmtpServer } from '../apps/server/test/smtp';
import { startWebhookReceiver, type WebhookReceiver } from '../apps/server/test/webhooks';

const env = process.env;
const ADMIN_URL = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const N = Number(env.N ?? 2000);
/** One channel alone: EMAILS=0 or WEBHOOKS=0. */
const EMAILS = Number(env.EMAILS ?? N);
const WEBHOOKS = Number(env.WEBHOOKS ?? N);
const RECEIVER_DELAY_MS = Number(env.RECEIVER_DELAY_MS ?? 0);
const ROUNDS = Number(env.ROUNDS ?? 50);
const PUSH_SPACING_MS = Number(env.PUSH_SPACING_MS ?? 1100);
const TIMEOUT_MS = Number(env.TIMEOUT ?? 300) * 1000;
const SECRET = 'bench-webhook-hemmelighet';
const RECIPIENT = 'vakt@example.com';

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

type Bench = {
  app: FastifyInstance;
  database: Database;
  smtp: TestSmtpServer;
  receiver: WebhookReceiver;
};

/** Waits until every recorded event is dispatched and the outbox has nothing left to send. */
async function drained({ database }: Bench) {
  const deadline = Date.now() + TIMEOUT_MS;
  for (;;) {
    const { rows } = await database.pool.query<{ waiting: number }>(
      `select (select count(*) from notification_events where dispatched_at is null)
            + (select count(*) from outbox where status = 'pending') as waiting`,
    );
    if (Number(rows[0]?.waiting) === 0) return;
    if (Date.now() > deadline) throw new Error(`utboksen ble ikke tom innen ${TIMEOUT_MS / 1000} s`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Section 1: EMAILS outbox rows and WEBHOOKS deliveries written at once; per second and creation → arrival. */
async function throughput(bench: Bench) {
  const { app, database, smtp, receiver } = bench;
  const pool = database.pool;
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
    await enqueueWebhookDeliveries(tx, events, 'http://127.0.0.1:3000'); // the bodies' links: not followed here
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
}

/** An admin's `POST /api/v1/<path>` (a user inserted straight in the database, signed in once). */
async function adminPoster(bench: Bench) {
  const password = randomBytes(12).toString('hex');
  const user = await insertUser(bench.database.db, {
    email: 'bench-admin@example.com',
    passwordHash: await hashPassword(password),
    firstName: 'Bench',
    lastName: 'Admin',
    role: 'admin',
  });
  if (!user) throw new Error('admin-brukeren finnes allerede');
  const session = await bench.app.inject({
    method: 'POST',
    url: '/auth/v1/token?grant_type=password',
    payload: { email: user.email, password },
  });
  if (session.statusCode !== 200) throw new Error(`innlogging: ${session.statusCode} ${session.body}`);
  const token = session.json().access_token as string;
  return async (path: string, payload: Record<string, unknown>) => {
    const res = await bench.app.inject({
      method: 'POST',
      url: `/api/v1/${path}`,
      headers: { authorization: `Bearer ${token}` },
      payload,
    });
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    return res.json().data as { id: string; pushPath?: string };
  };
}

/**
 * A facility with one bay whose `temp` comes only from pushes (critical above 90; the API is never
 * polled), as the push tests make it; a custom recipient and the webhook hear tag `critical`. Answers the
 * push path.
 */
async function pushedBay(bench: Bench): Promise<string> {
  const post = await adminPoster(bench);
  const api = await post('backend/apis/create', {
    name: 'Kasse Bench',
    endpointUrl: 'http://10.255.255.1/status',
    checkInterval: 3600,
    details: { recordsPath: 'data.bays' },
  });
  await bench.database.pool.query(`update apis set next_check_at = now() + interval '1 day' where id = $1`, [
    api.id,
  ]);
  const metric = await post('backend/apis/metrics/create', {
    apiId: api.id,
    name: 'Hallverdier',
    description: 'Verdiene til hver vaskehall',
    keyIdentifier: 'id',
    targetKeys: 'temp',
  });
  const location = await post('backend/locations/create', {
    name: 'Vask Bench',
    address: 'Storgata 1',
    postalCode: '0155',
    city: 'Oslo',
  });
  const bay = await post('backend/bays/create', { locationId: location.id, name: 'Hall 1' });
  await post('backend/bays/metrics/create', {
    bayId: bay.id,
    apiMetricId: metric.id,
    keyValue: 'hall-1',
    path: 'temp',
    type: 'number',
    operator: 'gt',
    thresholdCritical: '90',
    thresholdWarning: '70',
    thresholdInactive: '',
    thresholdActive: '-1',
  });
  await bench.database.pool.query(
    `insert into notification_recipients (kind, name, email, tags, all_locations)
     values ('custom', 'Vakt', $1, '{critical}', true)`,
    [RECIPIENT],
  );
  if (!api.pushPath) throw new Error('API-et har ingen push-adresse');
  return api.pushPath;
}

/** Section 2: ROUNDS critical pushes; push answered → e-mail and webhook arrival, per channel. */
async function latency(bench: Bench) {
  const { app, smtp, receiver } = bench;
  await drained(bench); // the throughput section's events are dispatched before anyone hears `critical`
  const pushPath = await pushedBay(bench);
  let lastPush = 0;
  const push = async (temp: number) => {
    await new Promise((r) => setTimeout(r, Math.max(0, lastPush + PUSH_SPACING_MS - Date.now())));
    const res = await app.inject({
      method: 'POST',
      url: pushPath,
      payload: JSON.stringify({ data: { bays: [{ id: 'hall-1', temp }] } }),
      headers: { 'content-type': 'application/json' },
    });
    lastPush = Date.now();
    if (res.statusCode !== 200) throw new Error(`push: ${res.statusCode} ${res.body}`);
    return lastPush;
  };

  console.log(`\n${ROUNDS} runder: kritisk verdi pushet → e-post og webhook framme`);
  const emails: number[] = [];
  const webhooks: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const mailsBefore = smtp.messages.length;
    const hooksBefore = receiver.received.length;
    const t0 = await push(95);
    const [mail, hook] = await Promise.all([
      smtp.waitFor((m) => smtp.messages.indexOf(m) >= mailsBefore && m.to.includes(RECIPIENT), TIMEOUT_MS),
      receiver.waitFor(
        (r) => receiver.received.indexOf(r) >= hooksBefore && r.body.type === 'alert.opened',
        TIMEOUT_MS,
      ),
    ]);
    emails.push(mail.receivedAt - t0);
    webhooks.push(hook.receivedAt - t0);
    await push(40);
    await drained(bench);
  }

  const unverified = receiver.received.slice(-ROUNDS).filter((r) => !r.verified).length;
  console.log('\n| channel | rounds | check → arrival p50 | p95 | p99 | max |');
  console.log('|---|---|---|---|---|---|');
  for (const [name, values] of [
    ['e-mail', emails],
    ['webhook', webhooks],
  ] as const) {
    const sorted = [...values].sort((a, b) => a - b);
    console.log(
      `| ${name} | ${sorted.length} | ${fmt(percentile(sorted, 50))} ms | ${fmt(percentile(sorted, 95))} ms | ` +
        `${fmt(percentile(sorted, 99))} ms | ${fmt(sorted.at(-1) ?? Number.NaN)} ms |`,
    );
  }
  console.log(
    `\nwebhook signatures not verified: ${unverified}; load average ${fmt(os.loadavg()[0] ?? 0, 1)}`,
  );
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
      await database.pool.query(
        `insert into webhooks (name, url, secret, tags) values ('Bench', $1, $2, '{critical}')`,
        [receiver.url, createWebhookSecrets(secretKey).seal(SECRET)],
      );
      const bench = { app, database, smtp, receiver };
      if (EMAILS > 0 || WEBHOOKS > 0) await throughput(bench);
      if (ROUNDS > 0) await latency(bench);
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
