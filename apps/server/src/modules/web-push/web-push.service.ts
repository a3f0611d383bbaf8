import {
  type Alert,
  type CreateWebPushDevice,
  canAcknowledgeAlerts,
  ERROR_CODES,
  WEB_PUSH_MESSAGES,
  type WebPushDevice,
} from '@vaskedrift/shared';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import type { WebPushActionOutcome } from '../../events/web-push-events';
import { type Clock, systemClock } from '../../lib/clock';
import { sha256 } from '../../lib/crypto';
import { AppError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import type { Caller } from '../../plugins/authenticate';
import type { VapidKeys } from './vapid-keys';
import {
  consumeActionToken,
  deleteOwnDevice,
  findActionToken,
  listDevices,
  upsertDevice,
  type WebPushDeviceRow,
} from './web-push.repository';

/** The alerts service's 'Jeg ser på det' (the bay panel's): audit entry and live event follow from it. */
export type AcknowledgeAlert = (caller: Caller, alertId: string) => Promise<{ data: Alert; message: string }>;

type Deps = {
  db: Db;
  bus: EventBus;
  keys: () => Promise<VapidKeys>;
  acknowledge: AcknowledgeAlert;
  clock?: Clock;
};

const toDevice = (row: WebPushDeviceRow): WebPushDevice => ({
  id: row.id,
  label: row.label,
  createdAt: row.createdAt.toISOString(),
  lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
});

/** A refused token: its Norwegian answer and how the audit log names it. */
class TokenRefused extends AppError {
  constructor(
    statusCode: number,
    message: string,
    readonly outcome: WebPushActionOutcome,
  ) {
    const code =
      statusCode === 403
        ? ERROR_CODES.forbidden
        : statusCode === 400
          ? ERROR_CODES.validation
          : ERROR_CODES.conflict;
    super(statusCode, code, message);
  }
}

export type WebPushService = ReturnType<typeof createWebPushService>;

/**
 * The user's push devices and the action of a push notification (docs/decisions/038-web-push.md): a device
 * is one browser's subscription, the user's own; 'Jeg ser på det' from a notification acknowledges with the
 * token the notification carries, without a session.
 */
export function createWebPushService({ db, bus, keys, acknowledge, clock = systemClock }: Deps) {
  async function config(): Promise<{ publicKey: string }> {
    return { publicKey: (await keys()).publicKey };
  }

  async function list(userId: string): Promise<WebPushDevice[]> {
    return (await listDevices(db, userId)).map(toDevice);
  }

  async function create(caller: Caller, input: CreateWebPushDevice): Promise<{ id: string }> {
    const row = await upsertDevice(db, {
      userId: caller.userId,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      label: input.label,
    });
    bus.publish('web_push.device_created', {
      userId: caller.userId,
      ip: caller.ip,
      deviceId: row.id,
      label: row.label,
    });
    return { id: row.id };
  }

  async function remove(caller: Caller, id: string): Promise<{ id: string; message: string }> {
    const row = await deleteOwnDevice(db, caller.userId, id);
    if (!row) throw new NotFoundError(WEB_PUSH_MESSAGES.deviceNotFound);
    bus.publish('web_push.device_deleted', {
      userId: caller.userId,
      ip: caller.ip,
      deviceId: row.id,
      label: row.label,
      reason: 'user',
    });
    return { id: row.id, message: WEB_PUSH_MESSAGES.deviceDeleted };
  }

  /** The token's checks, in order; the first that fails names the refusal. */
  function refusalOf(found: NonNullable<Awaited<ReturnType<typeof findActionToken>>>, now: Date) {
    const { token } = found;
    if (token.usedAt) return new TokenRefused(409, WEB_PUSH_MESSAGES.tokenInvalid, 'used');
    if (token.expiresAt <= now) return new TokenRefused(410, WEB_PUSH_MESSAGES.tokenExpired, 'expired');
    if (found.disabledAt || found.sessionId === null || sha256(found.passwordHash) !== token.passwordStamp) {
      return new TokenRefused(403, WEB_PUSH_MESSAGES.tokenRevoked, 'revoked');
    }
    if (!canAcknowledgeAlerts(found.role))
      return new TokenRefused(403, WEB_PUSH_MESSAGES.noAccess, 'forbidden');
    return null;
  }

  /** The alerts service's refusals as the token's. */
  function asRefusal(err: unknown): unknown {
    if (err instanceof NotFoundError || err instanceof ForbiddenError) {
      return new TokenRefused(403, WEB_PUSH_MESSAGES.noAccess, 'no_access');
    }
    if (err instanceof ConflictError)
      return new TokenRefused(409, WEB_PUSH_MESSAGES.alertResolved, 'resolved');
    return err;
  }

  /**
   * 'Jeg ser på det' from a notification: the token (not a session) says who, and it is used once (an atomic
   * update); the alert is then acknowledged as from the bay panel. A token is refused once used or expired,
   * after its user's password changed, every session from before it was sent ended (sign-out everywhere)
   * or the user was deactivated, and when the user lost access or the alert is resolved. Every use,
   * accepted or refused, goes in the audit log.
   */
  async function acknowledgeWithToken(token: string, ip: string | null): Promise<{ message: string }> {
    const found = await findActionToken(db, sha256(token));
    const userId = found?.token.userId ?? null;
    const alertId = found?.token.alertId ?? null;
    try {
      if (!found) throw new TokenRefused(400, WEB_PUSH_MESSAGES.tokenInvalid, 'invalid');
      const now = clock.now();
      const refused = refusalOf(found, now);
      if (refused) throw refused;
      if (!(await consumeActionToken(db, found.token.id, now))) {
        throw new TokenRefused(409, WEB_PUSH_MESSAGES.tokenInvalid, 'used');
      }
      const caller: Caller = {
        userId: found.token.userId,
        role: found.role,
        sessionId: found.sessionId ?? '',
        ip,
      };
      const result = await acknowledge(caller, found.token.alertId).catch((err: unknown) => {
        throw asRefusal(err);
      });
      bus.publish('web_push.action_used', { userId, ip, alertId, outcome: 'accepted' });
      const mine = result.data.acknowledgedBy?.id === userId;
      return { message: mine ? WEB_PUSH_MESSAGES.acknowledged : WEB_PUSH_MESSAGES.alreadyAcknowledged };
    } catch (err) {
      if (err instanceof TokenRefused) {
        bus.publish('web_push.action_used', { userId, ip, alertId, outcome: err.outcome });
      }
      throw err;
    }
  }

  return { config, list, create, remove, acknowledgeWithToken };
}
