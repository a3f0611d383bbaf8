import { WEBHOOK_DELIVERY_ERRORS, WEBHOOK_DISABLE_AFTER_HOURS, WEBHOOK_MESSAGES } from '@vaskedrift/shared';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { retryWhileDatabaseAway } from '../../db/health';
import { isForeignKeyViolation } from '../../db/violations';
import type { OutboundClient } from '../../lib/outbound';
import { retryDelaySeconds } from './email';
import { recordNotificationEvents } from './events';
import {
  claimDueMessages,
  markMessageFailed,
  markMessageSent,
  nextAttemptAt,
  type OutboxRow,
} from './outbox.repository';
import type { WebhookDisabledPayload } from './payloads';
import { createPoller } from './poller';
import {
  clearFailing,
  type DeliveryTarget,
  disableFailingWebhook,
  findDeliveryTargets,
  markFailing,
  type WebhookAttemptRow,
} from './webhook.repository';
import {
  attemptDelivery,
  createWebhookSecrets,
  RECORD_WITHIN_MS,
  type WebhookDeliveryDeps,
} from './webhook-delivery';

export type WebhookSender = {
  /** Begins the background loop (the app does so once it is ready). */
  start(): void;
  /** Wakes the sender now instead of at the next poll (the dispatcher calls it after a commit). */
  nudge(): void;
  /**
   * Delivers every due row now, batch after batch; `now` is the clock of the 24-hour rule (tests pass a
   * later one). Answers how many rows were tried.
   */
  sendDue(now?: Date): Promise<number>;
  /** Stops after the rows in hand; nothing is lost, pending rows wait in the outbox. */
  stop(): Promise<void>;
};

type Options = {
  db: Db;
  outbound: OutboundClient;
  secretKey: string;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  pollIntervalMs?: number;
  /** Sleep while nothing is due, this long at most (`createPoller`); only where NOTIFYs wake it. */
  idleMs?: number;
  /** The clock of the 24-hour rule. */
  clock?: () => Date;
};

/** Rows claimed at once and sent side by side, so one slow receiver does not hold up the others. */
const BATCH_SIZE = 20;
/** Longer than a batch can take: every send in it ends within WEBHOOK_TIMEOUT_MS. */
const LEASE_SECONDS = 120;
const DISABLE_AFTER_MS = WEBHOOK_DISABLE_AFTER_HOURS * 60 * 60 * 1000;

/**
 * The webhook channel (docs/decisions/019-notifications.md): claims `webhook` outbox rows, signs and posts
 * each through the outbound guard, logs every attempt, and retries with back-off (10 s doubling to an hour)
 * for as long as the webhook is enabled. A webhook failing for 24 hours without a success is disabled, its
 * pending rows given up, and a `system.webhook_disabled` event recorded for the admins.
 */
export function createWebhookSender({
  db,
  outbound,
  secretKey,
  log,
  pollIntervalMs = 1000,
  idleMs,
  clock = () => new Date(),
}: Options): WebhookSender {
  const deps: WebhookDeliveryDeps = { db, outbound, secrets: createWebhookSecrets(secretKey) };

  async function deliver(row: OutboxRow, webhook: DeliveryTarget | undefined, now: Date) {
    if (!webhook?.enabled) {
      await markMessageFailed(db, row.id, WEBHOOK_DELIVERY_ERRORS.webhookOff, null);
      return;
    }
    let attempt: WebhookAttemptRow;
    try {
      attempt = await attemptDelivery(deps, webhook, {
        eventType: row.subject,
        body: row.text,
        outboxId: row.id,
      });
    } catch (err) {
      // Deleted while this was on its way: the row and the delivery log went with it.
      if (isForeignKeyViolation(err)) return;
      throw err;
    }
    if (attempt.ok) {
      await retryWhileDatabaseAway(() => markMessageSent(db, row.id), { maxMs: RECORD_WITHIN_MS });
      if (webhook.failingSince) await clearFailing(db, webhook.id);
      return;
    }
    const error = attempt.error ?? WEBHOOK_DELIVERY_ERRORS.httpStatus(attempt.httpStatus ?? 0);
    const retryInSeconds = retryDelaySeconds(row.attempts);
    await markMessageFailed(db, row.id, error, retryInSeconds);
    log.warn(
      { outboxId: row.id, webhookId: webhook.id, attempts: row.attempts, retryInSeconds, error },
      'webhook feilet; prøver igjen senere',
    );
    await applyFailureRule(webhook, now);
  }

  async function applyFailureRule(webhook: DeliveryTarget, now: Date) {
    const failingSince = await markFailing(db, webhook.id, now);
    if (!failingSince || now.getTime() - failingSince.getTime() < DISABLE_AFTER_MS) return;
    const reason = WEBHOOK_MESSAGES.disabledAutomatically;
    const disabled = await db.transaction(async (tx) => {
      const row = await disableFailingWebhook(
        tx,
        webhook.id,
        new Date(now.getTime() - DISABLE_AFTER_MS),
        reason,
      );
      if (!row?.failingSince) return undefined;
      const since = row.failingSince.toISOString();
      await recordNotificationEvents(tx, [
        {
          type: 'system.webhook_disabled',
          tag: 'system',
          dedupeKey: `webhook_disabled:${row.id}:${since}`,
          locationIds: [],
          bayIds: [],
          payload: {
            webhookId: row.id,
            name: row.name,
            url: row.url,
            failingSince: since,
            reason,
          } satisfies WebhookDisabledPayload,
          suppressible: false,
        },
      ]);
      return row;
    });
    if (disabled)
      log.warn({ webhookId: webhook.id, failingSince }, 'webhook deaktivert etter 24 timer med feil');
  }

  async function drainDue(stopped: () => boolean, now: () => Date): Promise<number> {
    let tried = 0;
    for (;;) {
      if (stopped()) return tried;
      const batch = await claimDueMessages(db, 'webhook', BATCH_SIZE, LEASE_SECONDS);
      const at = now();
      const targets = await findDeliveryTargets(db, [
        ...new Set(batch.flatMap((row) => row.webhookId ?? [])),
      ]);
      await Promise.all(
        batch.map((row) => deliver(row, row.webhookId ? targets.get(row.webhookId) : undefined, at)),
      );
      tried += batch.length;
      if (batch.length < BATCH_SIZE) return tried;
    }
  }

  const poller = createPoller({
    pass: async () => {
      await drainDue(() => poller.stopped, clock);
      return { nextDueAt: await nextAttemptAt(db, 'webhook') };
    },
    intervalMs: pollIntervalMs,
    idleMs,
    onError: (err) => log.error({ err }, 'webhookutsending feilet (databasen?); prøver igjen'),
  });

  return {
    start: poller.start,
    nudge: poller.nudge,
    sendDue: (now) => drainDue(() => poller.stopped, now ? () => now : clock),
    stop: poller.stop,
  };
}
