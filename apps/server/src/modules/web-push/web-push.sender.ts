import {
  canAcknowledgeAlerts,
  WEB_PUSH_ACTION_TOKEN_TTL_HOURS,
  WEB_PUSH_ALERT_TTL_SECONDS,
} from '@vaskedrift/shared';
import type { Logger } from 'pino';
import webpush from 'web-push';
import type { Db } from '../../db/client';
import { retryWhileDatabaseAway } from '../../db/health';
import type { EventBus } from '../../events/bus';
import { randomToken, sha256 } from '../../lib/crypto';
import { type OutboundClient, OutboundError } from '../../lib/outbound';
import {
  claimDueMessages,
  createPoller,
  markMessageFailed,
  nextAttemptAt,
  type OutboxRow,
  retryDelaySeconds,
} from '../notifications';
import type { VapidKeys } from './vapid-keys';
import { createEncryptionPool, type EncryptionResult } from './web-push.encryption-pool';
import type { StoredPayload } from './web-push.fanout';
import {
  deleteDeviceById,
  findSendTargets,
  insertActionTokens,
  markPushesSent,
  openAlertIds,
  type SendTarget,
} from './web-push.repository';

/** Rows claimed at once and sent side by side: a push service answers in tens of milliseconds. */
const BATCH_SIZE = 100;
/**
 * Batches under way at once: the next batch is claimed, given its tokens and encrypted while the push
 * service still answers the one before, instead of after its slowest answer (bench/web-push.ts). At most
 * 200 requests are open at once, as with one batch of 200 before: more would wait longer under load and
 * near the deadline, after which a push the service took goes again (2 × 200 did, once, at load 20).
 */
const BATCHES_IN_FLIGHT = 2;
/**
 * Messages of a batch encrypted in one job of the encryption threads: the first requests leave once the
 * first chunk is back, while the threads encrypt the rest.
 */
const ENCRYPT_CHUNK = 20;
/** Longer than a batch can take: every request in it ends within PUSH_TIMEOUT_MS. */
const LEASE_SECONDS = 60;
const PUSH_TIMEOUT_MS = 10_000;
/** How long a VAPID JWT is valid (at most 24 h, RFC 8292); it is signed once per push service for this long. */
const VAPID_JWT_HOURS = 12;
/** A push service's answer is a status and a short text: read this much at most. */
const PUSH_MAX_RESPONSE_BYTES = 16 * 1024;
/** Kept with a sent row and in a failed one (never the token). */
const WEB_PUSH_DELIVERY_ERRORS = {
  deviceGone: 'Enheten er fjernet; meldingen sendes ikke',
  userDisabled: 'Brukeren er deaktivert; meldingen sendes ikke',
  subscriptionGone: (status: number) => `Push-tjenesten svarte ${status}: abonnementet finnes ikke lenger`,
  refused: (status: number) => `Push-tjenesten avviste meldingen (HTTP ${status})`,
  retry: (status: number) => `Push-tjenesten svarte HTTP ${status}; prøver igjen`,
  badKeys: 'Abonnementet har ugyldige nøkler; slå varsler på igjen på enheten',
  stale: 'Meldingen er eldre enn levetiden (1 time) og sendes ikke',
} as const;

const URGENCY: Record<string, webpush.Urgency> = { critical: 'high', warning: 'normal' };

type Options = {
  db: Db;
  bus: EventBus;
  outbound: OutboundClient;
  keys: () => Promise<VapidKeys>;
  /** The VAPID subject (`mailto:` or an https address). */
  subject: string;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  pollIntervalMs?: number;
  /** Sleep while nothing is due, this long at most (`createPoller`); only where NOTIFYs wake it. */
  idleMs?: number;
  clock?: () => Date;
};

export type WebPushSender = {
  start(): void;
  nudge(): void;
  /** Sends every due row now, batch after batch (tests); answers how many were tried. */
  sendDue(): Promise<number>;
  stop(): Promise<void>;
};

/** A claimed row whose device and user are still there, with its payload. */
type PendingSend = { row: OutboxRow; payload: StoredPayload; target: SendTarget };

/**
 * The `Authorization` header of a push for a VAPID pair: one signed JWT per push service origin, reused
 * until an hour before it expires (12 h).
 */
function createVapidAuthorizer(subject: string): (endpoint: string, vapid: VapidKeys) => string {
  const vapidHeaders = new Map<string, { authorization: string; until: number }>();
  return (endpoint, vapid) => {
    const audience = new URL(endpoint).origin;
    const cached = vapidHeaders.get(audience);
    if (cached && cached.until > Date.now() && cached.authorization.endsWith(vapid.publicKey)) {
      return cached.authorization;
    }
    const expires = Math.floor(Date.now() / 1000) + VAPID_JWT_HOURS * 3600;
    const { Authorization } = webpush.getVapidHeaders(
      audience,
      subject,
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
      expires,
    );
    vapidHeaders.set(audience, { authorization: Authorization, until: (expires - 3600) * 1000 });
    return Authorization;
  };
}

/** An action token for each row whose user may acknowledge its open alert: one INSERT for the batch. */
async function insertTokensFor(
  db: Db,
  sends: PendingSend[],
  openAlerts: Set<string>,
  now: Date,
): Promise<Map<number, string>> {
  const tokens = new Map<number, string>();
  const rows = [];
  const expiresAt = new Date(now.getTime() + WEB_PUSH_ACTION_TOKEN_TTL_HOURS * 60 * 60 * 1000);
  for (const { row, payload, target } of sends) {
    const alertId = payload.alertId;
    if (!alertId || !openAlerts.has(alertId) || !canAcknowledgeAlerts(target.role)) continue;
    const token = randomToken(32);
    tokens.set(row.id, token);
    const passwordStamp = sha256(target.passwordHash);
    rows.push({ tokenHash: sha256(token), userId: target.device.userId, alertId, passwordStamp });
  }
  await insertActionTokens(db, rows, expiresAt);
  return tokens;
}

/** A failed push tried again later, or given up once the message is older than its TTL. */
async function recordFailure(db: Db, log: Options['log'], row: OutboxRow, error: string, now: Date) {
  const stale = now.getTime() - row.createdAt.getTime() > WEB_PUSH_ALERT_TTL_SECONDS * 1000;
  const retryInSeconds = stale ? null : retryDelaySeconds(row.attempts);
  await markMessageFailed(
    db,
    row.id,
    stale ? `${error}. ${WEB_PUSH_DELIVERY_ERRORS.stale}` : error,
    retryInSeconds,
  );
  log.warn({ outboxId: row.id, attempts: row.attempts, retryInSeconds, error }, 'push-varsel feilet');
}

/** The web push headers of a message (without the authorization): its TTL, urgency and `Topic` (the row id). */
function pushHeaders(row: OutboxRow, payload: StoredPayload): Record<string, string> {
  return {
    ttl: String(WEB_PUSH_ALERT_TTL_SECONDS),
    urgency: URGENCY[payload.level ?? ''] ?? 'low',
    topic: `o${row.id}`,
    'content-encoding': 'aes128gcm',
    'content-type': 'application/octet-stream',
  };
}

/** A batch's sends in chunks of ENCRYPT_CHUNK. */
function chunked<T>(items: T[]): T[][] {
  const chunks: T[][] = [];
  for (let at = 0; at < items.length; at += ENCRYPT_CHUNK) chunks.push(items.slice(at, at + ENCRYPT_CHUNK));
  return chunks;
}

/**
 * A batch sent: settles when the push services answered every message, with `recorded` for the rows'
 * bookkeeping ("sent"), which the next batch need not wait for.
 */
type BatchSent = { recorded: Promise<void> };

/**
 * Claims and sends batch after batch, up to BATCHES_IN_FLIGHT at once (each batch's rows are its own under
 * the lease, so none goes twice); a batch's place is free once its answers are in, while its "sent" is
 * written. Answers how many rows it tried when every batch it started is done and recorded, or throws the
 * first failure.
 */
async function drainDue(
  db: Db,
  sendBatch: (batch: OutboxRow[]) => Promise<BatchSent>,
  stopped: () => boolean,
): Promise<number> {
  let tried = 0;
  const inFlight = new Set<Promise<void>>();
  const recording = new Set<Promise<void>>();
  const failures: unknown[] = [];
  const failed = (err: unknown) => {
    failures.push(err);
  };
  try {
    for (;;) {
      if (stopped() || failures.length > 0) break;
      if (inFlight.size >= BATCHES_IN_FLIGHT) {
        await Promise.race(inFlight);
        continue;
      }
      const batch = await claimDueMessages(db, 'web_push', BATCH_SIZE, LEASE_SECONDS);
      if (batch.length === 0) break;
      tried += batch.length;
      const sending: Promise<void> = sendBatch(batch)
        .then(({ recorded }) => {
          const record: Promise<void> = recorded.catch(failed).finally(() => recording.delete(record));
          recording.add(record);
        }, failed)
        .finally(() => inFlight.delete(sending));
      inFlight.add(sending);
      if (batch.length < BATCH_SIZE) break;
    }
  } finally {
    await Promise.all(inFlight);
    await Promise.all(recording);
  }
  if (failures.length > 0) throw failures[0];
  return tried;
}

/**
 * The Web Push channel (docs/decisions/038-web-push.md): claims `web_push` outbox rows (one per event and
 * device), adds an action token where the user may acknowledge an open alert, encrypts the payload for the
 * device (aes128gcm, RFC 8291), signs a VAPID JWT (RFC 8292) and posts it through the outbound guard with a
 * TTL, an urgency and the row id as `Topic`. 2xx: sent, once. 404/410: the subscription is gone and the
 * device deleted. 429, 5xx and network failures: retried with back-off (10 s doubling) while the message is
 * younger than its TTL. Any other answer: given up.
 */
export function createWebPushSender({
  db,
  bus,
  outbound,
  keys,
  subject,
  log,
  pollIntervalMs = 1000,
  idleMs,
  clock = () => new Date(),
}: Options): WebPushSender {
  const vapidAuthorization = createVapidAuthorizer(subject);
  const encryption = createEncryptionPool({
    onFailure: (err) => log.error({ err }, 'krypteringstråden for push feilet; krypterer i hovedtråden'),
  });

  /** Posts one encrypted message; answers 'sent' when the push service took it, else records why not. */
  async function post(
    { row, payload, target }: PendingSend,
    body: EncryptionResult,
    vapid: VapidKeys,
    now: Date,
  ): Promise<'sent' | 'not'> {
    if (body instanceof Error) {
      // The stored keys of the subscription do not make a key agreement: the browser must subscribe again.
      log.warn({ err: body, outboxId: row.id }, 'push-abonnementet har ugyldige nøkler');
      await markMessageFailed(db, row.id, WEB_PUSH_DELIVERY_ERRORS.badKeys, null);
      return 'not';
    }
    const { endpoint } = target.device;
    const authorization = vapidAuthorization(endpoint, vapid);
    let status: number;
    try {
      const res = await outbound.safeFetch(endpoint, {
        method: 'POST',
        headers: { ...pushHeaders(row, payload), authorization },
        body,
        timeoutMs: PUSH_TIMEOUT_MS,
        maxBytes: PUSH_MAX_RESPONSE_BYTES,
        followRedirects: false,
      });
      status = res.status;
    } catch (err) {
      if (!(err instanceof OutboundError)) throw err;
      await recordFailure(db, log, row, err.message, now);
      return 'not';
    }
    if (status >= 200 && status < 300) return 'sent';
    if (status === 404 || status === 410) {
      await markMessageFailed(db, row.id, WEB_PUSH_DELIVERY_ERRORS.subscriptionGone(status), null);
      const gone = await deleteDeviceById(db, target.device.id);
      if (gone) {
        bus.publish('web_push.device_deleted', {
          userId: gone.userId,
          ip: null,
          deviceId: gone.id,
          label: gone.label,
          reason: 'gone',
        });
      }
    } else if (status === 429 || status >= 500) {
      await recordFailure(db, log, row, WEB_PUSH_DELIVERY_ERRORS.retry(status), now);
    } else {
      await markMessageFailed(db, row.id, WEB_PUSH_DELIVERY_ERRORS.refused(status), null);
      log.warn({ outboxId: row.id, status }, 'push-tjenesten avviste meldingen');
    }
    return 'not';
  }

  /**
   * A chunk of a batch: encrypted on the encryption threads, then posted side by side; answers whether
   * each push service took its message.
   */
  async function sendChunk(
    chunk: PendingSend[],
    tokens: Map<number, string>,
    vapid: VapidKeys,
    now: Date,
  ): Promise<Array<'sent' | 'not'>> {
    const sentAt = now.toISOString();
    const bodies = await encryption.encrypt(
      chunk.map(({ row, payload, target }) => ({
        p256dh: target.device.p256dh,
        auth: target.device.auth,
        plaintext: JSON.stringify({ ...payload, actionToken: tokens.get(row.id) ?? null, sentAt }),
      })),
    );
    return Promise.all(chunk.map((send, index) => post(send, bodies[index] as EncryptionResult, vapid, now)));
  }

  /**
   * One claimed batch: rows whose device or user is gone are given up, the rest encrypted chunk by chunk
   * and each chunk posted as soon as it is encrypted.
   */
  async function sendBatch(batch: OutboxRow[]): Promise<BatchSent> {
    const vapid = await keys();
    const now = clock();
    const targets = await findSendTargets(db, [...new Set(batch.flatMap((row) => row.recipientKey ?? []))]);
    const sends: PendingSend[] = [];
    for (const row of batch) {
      const target = row.recipientKey ? targets.get(row.recipientKey) : undefined;
      if (!target) await markMessageFailed(db, row.id, WEB_PUSH_DELIVERY_ERRORS.deviceGone, null);
      else if (target.disabled)
        await markMessageFailed(db, row.id, WEB_PUSH_DELIVERY_ERRORS.userDisabled, null);
      else sends.push({ row, payload: JSON.parse(row.text) as StoredPayload, target });
    }
    const openAlerts = await openAlertIds(db, [
      ...new Set(sends.flatMap(({ payload }) => (payload.alertId ? [payload.alertId] : []))),
    ]);
    const tokens = await insertTokensFor(db, sends, openAlerts, now);
    const results = (
      await Promise.all(chunked(sends).map((chunk) => sendChunk(chunk, tokens, vapid, now)))
    ).flat();
    const sent = sends.filter((_, index) => results[index] === 'sent');
    // Accepted: unrecorded, a row would go again when its lease runs out (the push service's Topic folds it).
    const recorded = retryWhileDatabaseAway(
      () =>
        markPushesSent(
          db,
          sent.map(({ row }) => row.id),
          [...new Set(sent.map(({ target }) => target.device.id))],
        ),
      { maxMs: LEASE_SECONDS * 500 },
    );
    return { recorded };
  }

  const poller = createPoller({
    pass: async () => {
      await drainDue(db, sendBatch, () => poller.stopped);
      return { nextDueAt: await nextAttemptAt(db, 'web_push') };
    },
    intervalMs: pollIntervalMs,
    idleMs,
    onError: (err) => log.error({ err }, 'utsending av push-varsler feilet (databasen?); prøver igjen'),
  });

  return {
    start: poller.start,
    nudge: poller.nudge,
    sendDue: () => drainDue(db, sendBatch, () => poller.stopped),
    stop: async () => {
      await poller.stop();
      await encryption.close();
    },
  };
}
