import { z } from 'zod';
import { dataResponse, idSchema } from './api';
import { timestampSchema } from './fields';

/*
 * Web Push (issue 27; docs/decisions, Web Push): a user turns push on per device; the server sends the events
 * the user would get as desktop notifications through the outbox channel `web_push`, VAPID-signed and
 * encrypted (aes128gcm). A notification about an open alert carries a single-use action token: 'Jeg ser på
 * det' acknowledges the alert with it and no session (`POST backend/users/push/actions/acknowledge`).
 */

export const WEB_PUSH_MESSAGES = {
  endpointRequired: 'Adressen til push-tjenesten mangler',
  endpointInvalid: 'Adressen til push-tjenesten må være en https-adresse',
  endpointTooLong: 'Adressen til push-tjenesten er for lang',
  keyInvalid: 'Ugyldig nøkkel for push-abonnementet',
  labelTooLong: 'Navnet på enheten kan ikke være lenger enn 100 tegn',
  deviceNotFound: 'Fant ikke enheten',
  deviceCreated: 'Varsler er slått på for denne enheten',
  deviceDeleted: 'Enheten er fjernet',
  tokenRequired: 'Handlingen mangler nøkkel',
  tokenInvalid: 'Lenken i varselet er ugyldig eller allerede brukt',
  tokenExpired: 'Lenken i varselet er utløpt; åpne appen for å kvittere',
  tokenRevoked:
    'Lenken i varselet gjelder ikke lenger (du er logget ut eller passordet er endret); åpne appen',
  alertResolved: 'Alarmen er allerede løst',
  noAccess: 'Du har ikke lenger tilgang til dette anlegget',
  acknowledged: 'Alarmen er kvittert: du ser på det',
  alreadyAcknowledged: 'Alarmen var allerede kvittert',
} as const;

/** How long an action token in a notification stays valid. */
export const WEB_PUSH_ACTION_TOKEN_TTL_HOURS = 24;
/** How long the push service keeps an undelivered alert notification (seconds). */
export const WEB_PUSH_ALERT_TTL_SECONDS = 60 * 60;
/** The largest push payload we send (bytes of JSON before encryption). */
export const WEB_PUSH_MAX_PAYLOAD_BYTES = 3 * 1024;
const WEB_PUSH_MAX_ENDPOINT_LENGTH = 2048;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * A push service's address: https, or http on this machine (a local push service in development and tests;
 * the server reaches loopback only when ALLOW_LOOPBACK_TARGETS is set, and never private networks).
 */
function isPushEndpoint(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
  } catch {
    return false;
  }
}

/** base64url without padding, bounded. */
const base64UrlSchema = (max: number) =>
  z
    .string({ error: WEB_PUSH_MESSAGES.keyInvalid })
    .min(1, WEB_PUSH_MESSAGES.keyInvalid)
    .max(max, WEB_PUSH_MESSAGES.keyInvalid)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, WEB_PUSH_MESSAGES.keyInvalid);

/** `GET backend/users/push/config`: the VAPID public key (base64url, the browser's `applicationServerKey`). */
const webPushConfigSchema = z.object({ publicKey: z.string() });
export const webPushConfigResponseSchema = dataResponse(webPushConfigSchema);

/** One of the signed-in user's devices (`GET backend/users/push/devices/list`). */
const webPushDeviceSchema = z.object({
  id: z.uuid(),
  label: z.string(),
  createdAt: timestampSchema,
  lastSuccessAt: timestampSchema.nullable(),
});
export type WebPushDevice = z.infer<typeof webPushDeviceSchema>;
export const webPushDevicesResponseSchema = dataResponse(z.array(webPushDeviceSchema));

/**
 * `POST backend/users/push/devices/create`: the browser's `PushSubscription.toJSON()` (endpoint and keys) and
 * a label. The same endpoint again updates its row (bound to the current user).
 */
export const createWebPushDeviceSchema = z.object({
  endpoint: z
    .string({ error: WEB_PUSH_MESSAGES.endpointRequired })
    .trim()
    .min(1, WEB_PUSH_MESSAGES.endpointRequired)
    .max(WEB_PUSH_MAX_ENDPOINT_LENGTH, WEB_PUSH_MESSAGES.endpointTooLong)
    .refine(isPushEndpoint, WEB_PUSH_MESSAGES.endpointInvalid),
  keys: z.object(
    {
      /** The subscription's P-256 public key, uncompressed (65 bytes → 87 characters). */
      p256dh: base64UrlSchema(128),
      /** The 16-byte auth secret (22 characters). */
      auth: base64UrlSchema(64),
    },
    { error: WEB_PUSH_MESSAGES.keyInvalid },
  ),
  label: z.string().trim().max(100, WEB_PUSH_MESSAGES.labelTooLong).default(''),
});
export type CreateWebPushDevice = z.infer<typeof createWebPushDeviceSchema>;
export const createWebPushDeviceResponseSchema = dataResponse(z.object({ id: z.uuid() }));

/** `DELETE backend/users/push/devices/delete`: one of the user's own devices. */
export const deleteWebPushDeviceSchema = z.object({ id: idSchema });

/** `POST backend/users/push/actions/acknowledge`: no session; the token is the credential. */
export const webPushAcknowledgeSchema = z.object({
  token: z
    .string({ error: WEB_PUSH_MESSAGES.tokenRequired })
    .min(1, WEB_PUSH_MESSAGES.tokenRequired)
    .max(128, WEB_PUSH_MESSAGES.tokenInvalid),
});
export const webPushAcknowledgeResponseSchema = dataResponse(z.object({ message: z.string() }));

/**
 * The decrypted push message (JSON, ≤ `WEB_PUSH_MAX_PAYLOAD_BYTES`). `tag` replaces an older notification of
 * the same bay on the device; `eventId` is the notification event's id: a tab of the same browser that shows
 * desktop notifications skips the event when the device has push on (`desktopNotificationTag(eventId)`).
 */
const webPushPayloadSchema = z.object({
  v: z.literal(1),
  /** The notification event type: 'incident.opened', 'incident.worsened', 'incident.resolved', 'alert.info', … */
  kind: z.string(),
  eventId: z.number().int(),
  /** Norwegian: 'Kritisk: Hall 1 – Vask Bryn'. */
  title: z.string(),
  /** The cause and value: 'Vanntrykk 1,2 bar, under 2,0'. */
  body: z.string(),
  /** 'bay:<bayId>' (or 'event:<id>' when no bay), the notification's tag on the device. */
  tag: z.string(),
  /** A path of the app to open ('/?bay=<bayId>' or the desktop notification's path). */
  url: z.string().startsWith('/'),
  bayId: z.uuid().nullable(),
  alertId: z.uuid().nullable(),
  /** 'critical' | 'warning' | 'info' | …; null when the event has no level. */
  level: z.string().nullable(),
  /** Only when this user may acknowledge (operator and up) and the alert is open. */
  actionToken: z.string().nullable(),
  sentAt: timestampSchema,
});
export type WebPushPayload = z.infer<typeof webPushPayloadSchema>;
