import {
  describeReading,
  formatAttributeValue,
  formatThreshold,
  MAINTENANCE_TYPE_LABELS,
  NORWEGIAN_DISPLAY_WORDS,
  type NotificationEventType,
} from '@vaskedrift/shared';
import { incidentEmail } from './incident-templates';
import type {
  AlertEventPayload,
  ApiEventPayload,
  MaintenanceEventPayload,
  WebhookDisabledPayload,
} from './payloads';
import { predictionEmail } from './prediction-templates';
import {
  alertReading,
  bayLink,
  formatTime,
  type Loose,
  levelLabel,
  lines,
  MISSING,
  place,
  type RenderContext,
  type RenderedEmail,
  show,
} from './template-words';

const ALERT_HEADLINES: Partial<Record<NotificationEventType, (level: string) => string>> = {
  'alert.opened': (level) => `${level}`,
  'alert.escalated': (level) => `Forverret til ${level.toLowerCase()}`,
  'alert.deescalated': (level) => `Bedret til ${level.toLowerCase()}`,
  'alert.resolved': () => 'Løst',
  'alert.info': (level) => `Endret til ${level.toLowerCase()}`,
  'alert.unacknowledged': () => 'Ikke kvittert',
};

/** An alert's words, shared by the e-mail and the desktop notification: its headline and first sentence. */
export function alertWords(type: NotificationEventType, p: Loose<AlertEventPayload>) {
  const level = levelLabel(p.level);
  return {
    level,
    headline: (ALERT_HEADLINES[type] ?? (() => level))(level),
    /** 'Vanntrykk 1,2 bar · kritisk under 2 bar' */
    reading: describeReading(alertReading(p)),
    lead:
      type === 'alert.unacknowledged'
        ? 'Et kritisk varsel er ikke kvittert. Noen må se på det.'
        : `${show(p.attributeName)} er ${level.toLowerCase()}.`,
  };
}

function alertEmail(
  type: NotificationEventType,
  p: Loose<AlertEventPayload>,
  ctx: RenderContext,
): RenderedEmail {
  const { level, headline, lead, reading } = alertWords(type, p);
  const described = alertReading(p);
  // A threshold that held says why; without one (no data, outside every threshold) the reason does.
  const threshold = Object.values(described.thresholds)[0];
  return {
    subject: `${headline}: ${show(p.attributeName)} på ${place(p)}`,
    text: lines(
      // 'Vanntrykk 1,2 bar · kritisk under 2 bar' says it all; an unacknowledged alert says what to do first.
      type === 'alert.unacknowledged' && lead,
      reading,
      '',
      `Anlegg: ${show(p.locationName)}`,
      `Vaskehall: ${show(p.bayName)}`,
      `Attributt: ${show(p.attributeName)}`,
      `Nivå: ${level} (før: ${levelLabel(p.previousLevel)})`,
      `Verdi: ${formatAttributeValue(p.value, described.labels, described.type)}`,
      threshold
        ? `Terskel: ${NORWEGIAN_DISPLAY_WORDS.comparisons[described.operator](formatThreshold(threshold, described.type, described.labels))}`
        : `Årsak: ${show(p.reason)}`,
      `Tidspunkt: ${formatTime(p.at)}`,
      '',
      `Åpne vaskehallen: ${bayLink(ctx, p)}`,
    ),
  };
}

/** An API event's words and the bays behind it this address may see (e-mail and desktop). */
export function apiWords(
  type: NotificationEventType,
  p: Loose<ApiEventPayload>,
  visibleLocationIds: ReadonlySet<string> | null,
) {
  const down = type === 'api.down';
  return {
    down,
    subject: down ? `API svarer ikke: ${show(p.apiName)}` : `API svarer igjen: ${show(p.apiName)}`,
    lead: down
      ? `API-et ${show(p.apiName)} har ikke svart på ${show(p.failures)} forsøk på rad.`
      : `API-et ${show(p.apiName)} svarer igjen.`,
    bays: (Array.isArray(p.bays) ? p.bays : []).filter(
      (bay) => visibleLocationIds === null || visibleLocationIds.has(bay?.locationId),
    ),
  };
}

function apiEmail(type: NotificationEventType, p: Loose<ApiEventPayload>, ctx: RenderContext): RenderedEmail {
  const { down, subject, lead, bays } = apiWords(type, p, ctx.visibleLocationIds);
  return {
    subject,
    text: lines(
      lead,
      down && `Årsak: ${show(p.reason)}`,
      `Tidspunkt: ${formatTime(p.at)}`,
      '',
      'Vaskehaller som berøres:',
      ...(bays.length === 0 ? [MISSING] : bays.map((bay) => `- ${place(bay)}: ${bayLink(ctx, bay)}`)),
    ),
  };
}

const MAINTENANCE_HEADLINES: Partial<
  Record<NotificationEventType, (p: Loose<MaintenanceEventPayload>) => string>
> = {
  'maintenance.started': () => 'Vedlikehold startet',
  'maintenance.assigned': () => 'Du er satt som ansvarlig for vedlikehold',
  'maintenance.reminder': (p) => `Påminnelse ${show(p.reminderNumber)}: vedlikehold pågår`,
  'maintenance.overdue': () => 'Vedlikehold har passert planlagt slutt',
  'maintenance.ended': () => 'Vedlikehold avsluttet',
};

/** A maintenance event's headline and the job's type in words (e-mail and desktop). */
export function maintenanceWords(type: NotificationEventType, p: Loose<MaintenanceEventPayload>) {
  return {
    headline: (MAINTENANCE_HEADLINES[type] ?? (() => 'Vedlikehold'))(p),
    kind: typeof p.type === 'string' ? (MAINTENANCE_TYPE_LABELS[p.type] ?? p.type) : MISSING,
  };
}

function maintenanceEmail(
  type: NotificationEventType,
  p: Loose<MaintenanceEventPayload>,
  ctx: RenderContext,
): RenderedEmail {
  const { headline, kind } = maintenanceWords(type, p);
  return {
    subject: `${headline}: ${place(p)}`,
    text: lines(
      `${headline}.`,
      type === 'maintenance.overdue' && 'Jobben pågår fortsatt etter planlagt slutt.',
      '',
      `Anlegg: ${show(p.locationName)}`,
      `Vaskehall: ${show(p.bayName)}`,
      `Type: ${kind}`,
      `Ansvarlig: ${p.assignee ? `${show(p.assignee.name)} <${show(p.assignee.email)}>` : MISSING}`,
      `Startet: ${formatTime(p.startedAt)} av ${show(p.startedBy)}`,
      `Planlagt slutt: ${formatTime(p.expiresAt)}`,
      type === 'maintenance.ended' && `Avsluttet: ${formatTime(p.endedAt)} av ${show(p.endedBy)}`,
      type === 'maintenance.reminder' && `Påminnelse nr.: ${show(p.reminderNumber)}`,
      `Beskrivelse: ${show(p.description)}`,
      '',
      `Åpne vaskehallen: ${bayLink(ctx, p)}`,
    ),
  };
}

export const WEBHOOKS_PATH = '/integrations/webhooks';
export const webhookDisabledSubject = (p: Loose<WebhookDisabledPayload>) =>
  `Webhook deaktivert: ${show(p.name)}`;

function webhookDisabledEmail(p: Loose<WebhookDisabledPayload>, ctx: RenderContext): RenderedEmail {
  return {
    subject: webhookDisabledSubject(p),
    text: lines(
      `Webhooken ${show(p.name)} (${show(p.url)}) er deaktivert.`,
      `Årsak: ${show(p.reason)}`,
      `Feilet siden: ${formatTime(p.failingSince)}`,
      '',
      `Se leveringsloggen og slå den på igjen: ${ctx.publicUrl}${WEBHOOKS_PATH}`,
    ),
  };
}

/** The Norwegian e-mail for an event, as one address gets it (`api.down` lists only bays it may see). */
export function renderEmail(
  event: { type: string; payload: Record<string, unknown> },
  ctx: RenderContext,
): RenderedEmail {
  const type = event.type as NotificationEventType;
  const p = event.payload;
  if (type.startsWith('incident.')) return incidentEmail(type, p, ctx);
  if (type.startsWith('alert.')) return alertEmail(type, p, ctx);
  if (type.startsWith('api.')) return apiEmail(type, p, ctx);
  if (type.startsWith('maintenance.')) return maintenanceEmail(type, p, ctx);
  if (type === 'system.webhook_disabled') return webhookDisabledEmail(p, ctx);
  if (type === 'bay.prediction') return predictionEmail(p, ctx);
  return { subject: `Varsel fra Vaskedrift: ${type}`, text: lines(JSON.stringify(p, null, 2)) };
}
