/**
 * The local push service of `web-push.ts` in a process of its own (as a push service is another machine).
 * It checks every push as e2e/helpers/push-service.ts does — the VAPID JWT (`verifyVapid`: ES256 signature,
 * `aud`, `exp`, `sub`; a JWT's signature once, as a sender reuses one for hours) and the aes128gcm body,
 * decrypted with the subscription's private key (`decryptAes128gcm`). Over IPC it tells the bench how many
 * pushes it answered 201 (`accepted`), and each push once both checks passed (`arrivals`: `[subscription
 * id, accepted at (ms since the epoch), carried an action token]`); a push that failed one is `rejected`.
 *
 * PUSH_SERVICE=deferred (the default) answers as a push service does: 201 once the request is read and its
 * VAPID authorization verified; the bodies are decrypted when the bench asks (`verify`, after a round's
 * last 201), as a push service stores and forwards the message and the device decrypts it.
 * PUSH_SERVICE=inline decrypts before answering (the receiver until 2026-11-27), so the rig's two cores
 * also carry every decryption within the round.
 */
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decryptAes128gcm, verifyVapid } from '../e2e/helpers/push-service';

type Command = { type: 'subscribe'; count: number } | { type: 'verify' } | { type: 'stop' };
type Subscription = { id: string; ecdh: ReturnType<typeof createECDH>; auth: Buffer };
type Accepted = { subscription: Subscription; body: Buffer; acceptedAt: number };

const MODE = process.env.PUSH_SERVICE === 'inline' ? 'inline' : 'deferred';

async function main() {
  const send = (message: unknown) => process.send?.(message);
  const subscriptions = new Map<string, Subscription>();
  let pending: Accepted[] = [];
  let arrivals: Array<[string, number, boolean]> = [];
  let rejected: string[] = [];
  let accepted = 0;

  /** Decrypts accepted pushes; a failure is a rejected push. */
  function decryptAll(list: Accepted[]) {
    for (const { subscription, body, acceptedAt } of list) {
      try {
        const text = decryptAes128gcm(body, subscription.ecdh, subscription.auth);
        // Inline, the answer follows the decryption: accepted now.
        const at = acceptedAt || performance.timeOrigin + performance.now();
        arrivals.push([subscription.id, at, JSON.parse(text).actionToken !== null]);
      } catch (err) {
        rejected.push(err instanceof Error ? err.message : String(err));
      }
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse, origin: string) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const subscription = subscriptions.get(/^\/push\/([0-9a-f-]+)$/.exec(req.url ?? '')?.[1] ?? '');
    if (req.method !== 'POST' || !subscription) {
      res.writeHead(404).end();
      return;
    }
    try {
      if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
      verifyVapid(req.headers.authorization, origin, Math.floor(Date.now() / 1000));
    } catch (err) {
      rejected.push(err instanceof Error ? err.message : String(err));
      res.writeHead(401).end();
      return;
    }
    const push = { subscription, body: Buffer.concat(chunks), acceptedAt: 0 };
    if (MODE === 'inline') decryptAll([push]);
    else {
      pending.push(push);
      push.acceptedAt = performance.timeOrigin + performance.now();
    }
    accepted++;
    res.writeHead(201).end();
  }

  const server = createServer((req, res) => {
    handle(req, res, origin).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** What happened since the last flush; with `decrypt`, the pending bodies decrypted first. */
  const flush = (decrypt = false) => {
    if (decrypt) {
      const list = pending;
      pending = [];
      decryptAll(list);
    }
    if (accepted > 0) send({ type: 'accepted', count: accepted });
    accepted = 0;
    if (arrivals.length === 0 && rejected.length === 0) return;
    send({ type: 'arrivals', list: arrivals, rejected });
    arrivals = [];
    rejected = [];
  };
  const timer = setInterval(flush, 20);
  process.on('message', async (command: Command) => {
    if (command.type === 'subscribe') {
      const list = Array.from({ length: command.count }, () => {
        const id = randomUUID();
        const ecdh = createECDH('prime256v1');
        ecdh.generateKeys();
        const auth = randomBytes(16);
        subscriptions.set(id, { id, ecdh, auth });
        return {
          id,
          endpoint: `${origin}/push/${id}`,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        };
      });
      send({ type: 'subscriptions', list });
    } else if (command.type === 'verify') {
      flush(true);
      send({ type: 'verified' });
    } else {
      clearInterval(timer);
      flush(true);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      process.disconnect();
    }
  });
  send({ type: 'ready', mode: MODE });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
