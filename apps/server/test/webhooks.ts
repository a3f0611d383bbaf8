import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookBody } from '@vaskedrift/shared';
import { inArray } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { notificationEvents } from '../src/db/schema';
import { enqueueWebhookDeliveries, recordNotificationEvents } from '../src/modules/notifications';

type ReceivedWebhook = {
  body: WebhookBody;
  headers: Record<string, string | string[] | undefined>;
  /** The signature matched `${timestamp}.${body}` under the secret, and the timestamp is under 5 minutes old. */
  verified: boolean;
  receivedAt: number;
};

export type WebhookReceiver = {
  port: number;
  url: string;
  /** The `loopbackTargets` entry that lets the test app reach this receiver, and nothing else. */
  target: string;
  received: ReceivedWebhook[];
  /** Requests that reached the receiver so far, answered or still being answered. */
  readonly arrived: number;
  /** The status every request gets from now on (200 to begin with). */
  answer(status: number): void;
  /** Resolves with the first delivery matching, waiting up to `timeoutMs`. */
  waitFor(match: (r: ReceivedWebhook) => boolean, timeoutMs?: number): Promise<ReceivedWebhook>;
  /** Stops listening (connections refused) until `listen()`, on the same port. */
  stop(): Promise<void>;
  listen(): Promise<void>;
};

/**
 * Verifies a delivery as a receiver should (docs/decisions/019-notifications.md, Webhook signature),
 * written here on its own so the test checks the scheme, not the server's signing code against itself.
 */
function verifySignature(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  const timestamp = String(headers['x-vaskedrift-timestamp'] ?? '');
  const signature = String(headers['x-vaskedrift-signature'] ?? '');
  if (!/^\d+$/.test(timestamp) || Math.abs(nowSeconds - Number(timestamp)) > 300) return false;
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
  const a = Buffer.from(signature);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A real HTTP receiver on 127.0.0.1 that checks every delivery's signature with `secret`, answering after
 * `delayMs` (a slow receiver, for the benchmark).
 */
export async function startWebhookReceiver(secret: string, delayMs = 0): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let status = 200;
  let arrived = 0;
  const server = createServer((req, res) => {
    arrived++;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
      const raw = Buffer.concat(chunks).toString('utf8');
      if (status >= 200 && status < 300) {
        received.push({
          body: JSON.parse(raw),
          headers: req.headers,
          verified: verifySignature(secret, req.headers, raw),
          receivedAt: Date.now(),
        });
      }
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'feil');
    });
  });
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();
  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return {
    port,
    url: `http://127.0.0.1:${port}/hook`,
    target: `127.0.0.1:${port}`,
    received,
    get arrived() {
      return arrived;
    },
    answer: (next) => {
      status = next;
    },
    async waitFor(match, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`ingen webhook kom fram innen ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    stop,
    listen,
  };
}

let eventCounter = 0;

/**
 * Records `count` `alert.opened` events (tag `critical`) and queues their webhook deliveries in one
 * transaction, as the dispatcher does (`fanOut` false: leaves that to the dispatcher); answers the event ids.
 */
export async function recordWebhookEvents(db: Db, count = 1, fanOut = true): Promise<number[]> {
  return db.transaction(async (tx) => {
    const ids = await recordNotificationEvents(
      tx,
      Array.from({ length: count }, () => ({
        type: 'alert.opened' as const,
        tag: 'critical' as const,
        dedupeKey: `test:${process.pid}:${++eventCounter}:${Date.now()}`,
        locationIds: [],
        bayIds: [],
        payload: { bayName: 'Hall 1', level: 'critical', n: eventCounter },
        suppressible: false,
      })),
    );
    if (fanOut) {
      const rows = await tx.select().from(notificationEvents).where(inArray(notificationEvents.id, ids));
      await enqueueWebhookDeliveries(tx, rows, 'https://drift.example.no');
    }
    return ids;
  });
}
