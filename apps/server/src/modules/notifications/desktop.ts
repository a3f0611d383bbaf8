import type { DesktopNotification, NotificationEventType, Role } from '@vaskedrift/shared';
import { mergeTargets, type NotificationTarget } from './dispatcher.repository';
import {
  alertWords,
  apiWords,
  maintenanceWords,
  WEBHOOKS_PATH,
  webhookDisabledSubject,
} from './email-templates';
import type { NotificationEventRow } from './events';
import { incidentWords } from './incident-templates';
import type {
  AlertEventPayload,
  ApiEventPayload,
  IncidentEventPayload,
  MaintenanceEventPayload,
  WebhookDisabledPayload,
} from './payloads';
import { type PredictionPayload, predictionWords } from './prediction-templates';
import { bayPath, type Loose, place, show } from './template-words';

/** One desktop notification and the users whose open tabs show it. */
export type DesktopDelivery = { userIds: string[]; notification: DesktopNotification };

/**
 * Where desktop notifications go once the dispatcher's transaction committed (the realtime channel, wired in
 * composition/notifying.ts). Not durable: a user without an open tab is not told this way.
 */
export type DesktopSink = (deliveries: DesktopDelivery[]) => void | Promise<void>;

type Event = Pick<NotificationEventRow, 'id' | 'type' | 'payload'>;

/**
 * One bay: where a link about it leads this reader; several in one facility: its page for an admin; else
 * the dashboard.
 */
function apiPath(
  bays: Array<Loose<{ bayId: string; locationId: string }> | null | undefined>,
  role: Role | null,
): string {
  const [first] = bays;
  if (bays.length === 1) return bayPath(first ?? {}, role) ?? '/';
  const locations = new Set(bays.map((bay) => bay?.locationId));
  const admin = role === 'admin' || role === 'superadmin';
  return admin && locations.size === 1 && first?.locationId ? `/locations/${first.locationId}` : '/';
}

/**
 * The short Norwegian desktop notification for an event, as one user gets it (one per incident message, its
 * causes in the body; an API's counts only the bays that user may see; the link leads where the user's role may go). The words are the e-mail's
 * (email-templates.ts); the webhook's summary and link are these, for a reader without a role.
 */
export function renderDesktop(
  event: Event,
  visibleLocationIds: ReadonlySet<string> | null,
  role: Role | null,
): DesktopNotification {
  const type = event.type as NotificationEventType;
  const ids = (p: { bayId?: unknown; locationId?: unknown }) => ({
    ...(typeof p.bayId === 'string' ? { bayId: p.bayId } : {}),
    ...(typeof p.locationId === 'string' ? { locationId: p.locationId } : {}),
  });
  if (type.startsWith('incident.')) {
    const p = event.payload as Loose<IncidentEventPayload>;
    const { title, lead, causes } = incidentWords(type, p);
    const bays = Array.isArray(p.bays) ? p.bays : [];
    const visible = bays.filter(
      (bay) => visibleLocationIds === null || visibleLocationIds.has(bay?.locationId),
    );
    return {
      id: event.id,
      title,
      body: type === 'incident.resolved' ? lead : causes.join('\n') || lead,
      ...(typeof p.level === 'string' ? { level: p.level } : {}),
      ...ids(p),
      url: p.apiId ? apiPath(visible, role) : (bayPath(p, role) ?? '/'),
    };
  }
  if (type.startsWith('alert.')) {
    const p = event.payload as Loose<AlertEventPayload>;
    const { headline, lead, reading } = alertWords(type, p);
    return {
      id: event.id,
      title: `${headline}: ${place(p)}`,
      body: type === 'alert.unacknowledged' ? `${lead}\n${reading}` : reading,
      ...(typeof p.level === 'string' ? { level: p.level } : {}),
      ...ids(p),
      url: bayPath(p, role) ?? '/',
    };
  }
  if (type.startsWith('api.')) {
    const { subject, lead, bays } = apiWords(
      type,
      event.payload as Loose<ApiEventPayload>,
      visibleLocationIds,
    );
    return {
      id: event.id,
      title: subject,
      body: `${lead} Berører ${bays.length} ${bays.length === 1 ? 'vaskehall' : 'vaskehaller'}.`,
      url: apiPath(bays, role),
    };
  }
  if (type.startsWith('maintenance.')) {
    const p = event.payload as Loose<MaintenanceEventPayload>;
    const { headline, kind } = maintenanceWords(type, p);
    return {
      id: event.id,
      title: `${headline}: ${place(p)}`,
      body: `${kind}. Ansvarlig: ${p.assignee ? show(p.assignee.name) : show(null)}`,
      ...ids(p),
      url: bayPath(p, role) ?? '/',
    };
  }
  if (type === 'bay.prediction') {
    const p = event.payload as Loose<PredictionPayload>;
    const { headline, confidence } = predictionWords(p);
    return {
      id: event.id,
      title: headline,
      body: `Sikkerhet ${confidence}`,
      ...(typeof p.level === 'string' ? { level: p.level } : {}),
      ...ids(p),
      url: bayPath(p, role) ?? '/',
    };
  }
  if (type === 'system.webhook_disabled') {
    const p = event.payload as Loose<WebhookDisabledPayload>;
    return {
      id: event.id,
      title: webhookDisabledSubject(p),
      body: `Årsak: ${show(p.reason)}`,
      url: WEBHOOKS_PATH,
    };
  }
  return { id: event.id, title: 'Varsel fra Vaskedrift', body: type, url: '/' };
}

/**
 * One delivery per distinct notification: the users of an event who turned desktop notifications on, each
 * once (the ways one user is reached merge, and so do their facilities), grouped when their text is the same.
 */
export function desktopDeliveriesOf(events: Event[], targets: NotificationTarget[]): DesktopDelivery[] {
  const byUser = mergeTargets(targets, (target) =>
    target.desktop && target.userId !== null ? `${target.eventId}:${target.userId}` : null,
  );
  const eventsById = new Map(events.map((event) => [event.id, event]));
  const byText = new Map<string, DesktopDelivery>();
  for (const { target, locationIds } of byUser) {
    const event = eventsById.get(target.eventId);
    if (!event || target.userId === null) continue;
    const notification = renderDesktop(event, locationIds, target.role);
    const key = JSON.stringify(notification);
    const delivery = byText.get(key) ?? { userIds: [], notification };
    delivery.userIds.push(target.userId);
    byText.set(key, delivery);
  }
  return [...byText.values()];
}
