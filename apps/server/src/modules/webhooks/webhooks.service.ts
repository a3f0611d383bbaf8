import { randomUUID } from 'node:crypto';
import {
  type createWebhookSchema,
  type updateWebhookSchema,
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_MESSAGE,
  type Webhook,
  type WebhookBody,
  type WebhookDelivery,
  type webhookDeliveriesSchema,
  type webhookGetSchema,
} from '@vaskedrift/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { isForeignKeyViolation } from '../../db/violations';
import type { EventBus } from '../../events/bus';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { type OutboundClient, OutboundError, parseTarget } from '../../lib/outbound';
import type { Caller } from '../../plugins/authenticate';
import { attemptDelivery, createWebhookSecrets } from '../notifications';
import {
  deleteWebhook,
  findWebhook,
  findWebhookTarget,
  insertWebhook,
  listDeliveries,
  listWebhooks,
  updateWebhook,
} from './webhooks.repository';

type GetInput = z.output<typeof webhookGetSchema>;
type CreateInput = z.output<typeof createWebhookSchema>;
type UpdateInput = z.output<typeof updateWebhookSchema>;
type DeliveriesInput = z.output<typeof webhookDeliveriesSchema>;

export type WebhooksService = ReturnType<typeof createWebhooksService>;

type Deps = { db: Db; bus: EventBus; outbound: OutboundClient; secretKey: string };

/** Outgoing webhooks (docs/decisions/019-notifications.md); every caller here is an admin. */
export function createWebhooksService({ db, bus, outbound, secretKey }: Deps) {
  const secrets = createWebhookSecrets(secretKey);

  async function mustFind(id: string): Promise<Webhook> {
    const webhook = await findWebhook(db, id);
    if (!webhook) throw new NotFoundError(WEBHOOK_MESSAGES.notFound);
    return webhook;
  }

  /**
   * Refuses at save what the outbound guard would refuse by the address written in the URL (the metadata
   * address, loopback without ALLOW_LOOPBACK_TARGETS). A name is judged at each send, on what it resolves to.
   */
  function checkUrl(url: string | undefined) {
    if (url === undefined) return;
    try {
      parseTarget(url, outbound.policy);
    } catch (err) {
      if (!(err instanceof OutboundError)) throw err;
      throw new ValidationError(err.message, [{ path: 'url', message: err.message }]);
    }
  }

  async function get(input: GetInput) {
    if (input.id) return { data: await mustFind(input.id) };
    return listWebhooks(db, input);
  }

  async function create(caller: Caller, input: CreateInput): Promise<Webhook> {
    checkUrl(input.url);
    const row = await insertWebhook(db, { ...input, secret: secrets.seal(input.secret) });
    bus.publish('webhook.created', {
      userId: caller.userId,
      ip: caller.ip,
      webhookId: row.id,
      name: row.name,
    });
    return mustFind(row.id);
  }

  async function update(caller: Caller, { id, ...changes }: UpdateInput): Promise<Webhook> {
    checkUrl(changes.url);
    const { secret, ...values } = changes;
    const row = await updateWebhook(db, id, {
      ...values,
      ...(secret === undefined ? {} : { secret: secrets.seal(secret) }),
    });
    if (!row) throw new NotFoundError(WEBHOOK_MESSAGES.notFound);
    bus.publish('webhook.updated', {
      userId: caller.userId,
      ip: caller.ip,
      webhookId: row.id,
      name: row.name,
      fields: Object.keys(changes),
    });
    return mustFind(row.id);
  }

  async function remove(caller: Caller, id: string): Promise<{ id: string }> {
    const row = await deleteWebhook(db, id);
    if (!row) throw new NotFoundError(WEBHOOK_MESSAGES.notFound);
    bus.publish('webhook.deleted', {
      userId: caller.userId,
      ip: caller.ip,
      webhookId: row.id,
      name: row.name,
    });
    return { id: row.id };
  }

  /**
   * 'Send test': a `webhook.test` event signed and posted now, as the sender would, and logged with the
   * deliveries. It does not count towards the 24-hour rule (it is the admin checking, not a notification).
   */
  async function test(id: string): Promise<{ data: WebhookDelivery; message: string }> {
    const target = await findWebhookTarget(db, id);
    if (!target) throw new NotFoundError(WEBHOOK_MESSAGES.notFound);
    const body: WebhookBody = {
      id: `test-${randomUUID()}`,
      type: 'webhook.test',
      time: new Date().toISOString(),
      payload: { webhookId: id, message: WEBHOOK_TEST_MESSAGE },
    };
    const attempt = await attemptDelivery({ db, outbound, secrets }, target, {
      eventType: body.type,
      body: JSON.stringify(body),
      outboxId: null,
    }).catch((err: unknown) => {
      // Deleted while the test was on its way.
      throw isForeignKeyViolation(err) ? new NotFoundError(WEBHOOK_MESSAGES.notFound) : err;
    });
    const { webhookId: _, outboxId: __, ...delivery } = attempt;
    return {
      data: { ...delivery, at: delivery.at.toISOString() },
      message: attempt.ok ? WEBHOOK_MESSAGES.testSent : WEBHOOK_MESSAGES.testFailed,
    };
  }

  async function deliveries({ id, ...page }: DeliveriesInput) {
    await mustFind(id);
    return listDeliveries(db, id, page);
  }

  return { get, create, update, remove, test, deliveries };
}
