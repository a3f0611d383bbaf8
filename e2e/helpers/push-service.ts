import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A local push service for tests (issue 27): what FCM or Mozilla's autopush is to a browser, with real
 * cryptography and no part of the server under test. A subscription is made here as a browser makes one
 * (a P-256 key pair and a 16-byte auth secret); every message posted to its endpoint must carry a valid VAPID
 * JWT (RFC 8292: ES256 over the key in `k`, `aud` the endpoint's origin, `exp` in the future and within 24 h)
 * and an aes128gcm body (RFC 8188) that decrypts with the subscription's private key (RFC 8291). Node only:
 * the server's integration tests and the end-to-end tests both use it.
 */

export type PushSubscriptionJson = { endpoint: string; keys: { p256dh: string; auth: string } };

/** One message the service accepted, decrypted. */
type ReceivedPush = {
  subscriptionId: string;
  /** The decrypted body as text (the payload JSON). */
  text: string;
  ttl: number | null;
  urgency: string | null;
  topic: string | null;
  /** When the service accepted it (answered 201): ms since the epoch, to the microsecond. */
  receivedAt: number;
  /** The VAPID public key the JWT was signed with (base64url). */
  vapidKey: string;
  /** The JWT's `sub`. */
  subject: string;
};

/** What the service answers a subscription's next messages (a status code instead of 201). */
export type PushAnswer = { status: number } | 'accept';

type Subscription = { id: string; ecdh: ReturnType<typeof createECDH>; auth: Buffer; answer: PushAnswer };

const b64url = (buffer: Buffer) => buffer.toString('base64url');

/** RFC 8291 §3.4 and RFC 8188 §2: the plaintext of an aes128gcm body for this subscription. */
export function decryptAes128gcm(body: Buffer, ecdh: ReturnType<typeof createECDH>, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`keyid is ${idLength} bytes, not an uncompressed P-256 key`);
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const clientPublic = ecdh.getPublicKey();
  const shared = ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), clientPublic, serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02 and any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

const verifiedJwts = new Set<string>();

/** Checks `Authorization: vapid t=<jwt>, k=<key>` (RFC 8292) for this origin; answers the key and `sub`. */
export function verifyVapid(header: string | undefined, origin: string, nowSeconds: number) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`no VAPID authorization: ${header}`);
  const [jwt, key] = [match[1], match[2]];
  const [head, claims, signature] = jwt.split('.');
  if (!head || !claims || !signature) throw new Error('malformed JWT');
  const header64 = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
  if (header64.alg !== 'ES256') throw new Error(`JWT alg ${header64.alg}`);
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 key');
  // A sender signs one JWT per push service for hours (as ours does): its signature is checked once.
  const signed =
    verifiedJwts.has(`${jwt} ${key}`) ||
    verify(
      'sha256',
      Buffer.from(`${head}.${claims}`),
      {
        key: createPublicKey({
          key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) },
          format: 'jwk',
        }),
        dsaEncoding: 'ieee-p1363',
      },
      Buffer.from(signature, 'base64url'),
    );
  if (!signed) throw new Error('JWT signature does not verify');
  verifiedJwts.add(`${jwt} ${key}`);
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  if (body.aud !== origin) throw new Error(`aud ${body.aud}, expected ${origin}`);
  if (typeof body.exp !== 'number' || body.exp <= nowSeconds || body.exp > nowSeconds + 24 * 3600) {
    throw new Error(`exp ${body.exp} not within 24 h from now`);
  }
  if (!body.sub || !/^(mailto:|https:)/.test(body.sub)) throw new Error(`sub ${body.sub}`);
  return { key, subject: body.sub };
}

/**
 * The local push service. `subscribe()` makes a subscription (its JSON is what the browser would send the
 * server); `received` lists what arrived, decrypted; `answer(id, …)` makes a subscription's endpoint answer
 * 410, 503 …; `stop()` / `start()` take the whole service away and back on the same port.
 */
export async function startPushService() {
  const subscriptions = new Map<string, Subscription>();
  const received: ReceivedPush[] = [];
  /** Requests refused for a bad JWT or body: a test expects none. */
  const rejected: string[] = [];
  let port = 0;
  let server: Server | null = null;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const id = /^\/push\/([0-9a-f-]+)$/.exec(req.url ?? '')?.[1];
    const subscription = id ? subscriptions.get(id) : undefined;
    if (req.method !== 'POST' || !subscription) {
      res.writeHead(404).end();
      return;
    }
    if (subscription.answer !== 'accept') {
      res.writeHead(subscription.answer.status).end();
      return;
    }
    try {
      if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
      const vapid = verifyVapid(
        req.headers.authorization,
        `http://127.0.0.1:${port}`,
        Math.floor(Date.now() / 1000),
      );
      const text = decryptAes128gcm(Buffer.concat(chunks), subscription.ecdh, subscription.auth);
      const header = (name: string) => {
        const value = req.headers[name];
        return typeof value === 'string' ? value : null;
      };
      received.push({
        subscriptionId: subscription.id,
        text,
        ttl: header('ttl') === null ? null : Number(header('ttl')),
        urgency: header('urgency'),
        topic: header('topic'),
        receivedAt: performance.timeOrigin + performance.now(),
        vapidKey: vapid.key,
        subject: vapid.subject,
      });
      res.writeHead(201).end();
    } catch (err) {
      rejected.push(err instanceof Error ? err.message : String(err));
      res.writeHead(400).end();
    }
  }

  async function start() {
    const next = createServer((req, res) => {
      handle(req, res).catch(() => res.writeHead(500).end());
    });
    await new Promise<void>((resolve) => next.listen(port, '127.0.0.1', resolve));
    port = (next.address() as AddressInfo).port;
    server = next;
  }

  async function stop() {
    const current = server;
    server = null;
    if (!current) return;
    current.closeAllConnections();
    await new Promise<void>((resolve) => current.close(() => resolve()));
  }

  await start();

  return {
    get port() {
      return port;
    },
    received,
    rejected,
    /** A browser's new subscription: its JSON for the server, and its id here. */
    subscribe(): PushSubscriptionJson & { id: string } {
      const id = randomUUID();
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      subscriptions.set(id, { id, ecdh, auth, answer: 'accept' });
      return {
        id,
        endpoint: `http://127.0.0.1:${port}/push/${id}`,
        keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
      };
    },
    answer(id: string, answer: PushAnswer) {
      const subscription = subscriptions.get(id);
      if (!subscription) throw new Error(`no subscription ${id}`);
      subscription.answer = answer;
    },
    /** The decrypted payloads of one subscription, parsed. */
    payloadsOf(id: string): unknown[] {
      return received.filter((push) => push.subscriptionId === id).map((push) => JSON.parse(push.text));
    },
    start,
    stop,
  };
}

export type PushService = Awaited<ReturnType<typeof startPushService>>;
