import {
  describeReading,
  formatDuration,
  type IncidentAttributeCause,
  type IncidentCause,
  type IncidentPredictionCause,
  type NotificationEventType,
} from '@vaskedrift/shared';
import type { IncidentEventPayload } from './payloads';
import { predictionWords } from './prediction-templates';
import {
  alertReading,
  bayLink,
  formatTime,
  type Loose,
  levelLabel,
  lines,
  place,
  type RenderContext,
  type RenderedEmail,
  show,
} from './template-words';

/*
 * An incident's words (docs/domain.md, Incidents): one message when it opens, one when it worsens and one
 * when it is resolved, naming every cause; shared by the e-mail, the desktop notification and the webhook's
 * summary. Opened at a prediction (decision 035), it reads as the prediction: what is expected, and when.
 */

const causesOf = (p: Loose<IncidentEventPayload>): IncidentCause[] =>
  (Array.isArray(p.causes) ? p.causes : []).filter(
    (c): c is IncidentCause => typeof c === 'object' && c !== null,
  );

/** A prediction cause in the words of a prediction's message (prediction-templates.ts). */
const predictionOf = (cause: Loose<IncidentPredictionCause>, p: Loose<IncidentEventPayload>) =>
  predictionWords({ ...cause, level: cause.expectedLevel, locationName: p.locationName, bayName: p.bayName });

/**
 * One cause in a line: 'Vanntrykk 1,2 bar · kritisk under 2 bar'; resolved: 'Vanntrykk (var kritisk)'; an
 * expected crossing: 'Vanntrykk 2,1 bar og synkende · forventet kritisk 27.11.2026 08:40 (sikkerhet høy)'.
 */
function causeLine(cause: IncidentCause, resolved: boolean, p: Loose<IncidentEventPayload>): string {
  if (cause.kind === 'api') return `API-et ${show(cause.apiName)} svarer ikke: ${show(cause.reason)}`;
  if (cause.kind === 'prediction') {
    const { reading, confidence } = predictionOf(cause, p);
    const level = cause.expectedLevel === 'warning' ? 'advarsel' : 'kritisk';
    return `${reading} · forventet ${level} ${formatTime(cause.expectedAt)} (sikkerhet ${confidence})`;
  }
  const attribute = cause as Loose<IncidentAttributeCause>;
  if (resolved) return `${show(attribute.attributeName)} (var ${levelLabel(attribute.level).toLowerCase()})`;
  return alertReadingLine(attribute);
}

/** An open cause's reading; without a threshold that held (no data, outside every one), with its reason. */
function alertReadingLine(cause: Loose<IncidentAttributeCause>): string {
  const reading = alertReading(cause);
  const described = describeReading(reading);
  return Object.keys(reading.thresholds).length > 0 || !cause.reason
    ? described
    : `${described} (${cause.reason})`;
}

const duration = (p: Loose<IncidentEventPayload>) =>
  typeof p.durationSeconds === 'number' ? formatDuration(p.durationSeconds) : null;

/** Where the incident is: the bay, or the facility whose API stopped answering. */
const whereOf = (p: Loose<IncidentEventPayload>) =>
  p.apiId ? `API-et ${show(p.apiName)} – ${show(p.locationName)}` : place(p);

/** The incident's headline, title and causes, as every channel says them. */
export function incidentWords(type: NotificationEventType, p: Loose<IncidentEventPayload>) {
  const predicted = p.level === 'prediction';
  const level = predicted ? 'Forvarsel' : levelLabel(p.level);
  const resolved = type === 'incident.resolved';
  const all = causesOf(p);
  const causes = all.map((cause) => causeLine(cause, resolved, p));
  const took = duration(p);
  const headline =
    type === 'incident.worsened' ? `Forverret til ${level.toLowerCase()}` : resolved ? 'Løst' : level;
  // Opened at a prediction: its headline ('Forventet kritisk om ca. 40 min: Lade – Vaskehall 2 – …').
  const prediction = predicted ? all.find((cause) => cause.kind === 'prediction') : undefined;
  const title = p.apiId
    ? `${headline}: API-et ${show(p.apiName)} ${resolved ? 'svarer igjen' : 'svarer ikke'} – ${show(p.locationName)}`
    : prediction
      ? predictionOf(prediction, p).headline
      : `${headline}: ${place(p)}`;
  const lead = predicted
    ? 'Trenden i målingene peker mot terskelen. Ingenting er feil ennå: se på det før det blir det.'
    : resolved
      ? `Hendelsen på ${whereOf(p)} er løst${took ? ` etter ${took}` : ''}.`
      : type === 'incident.worsened'
        ? `Hendelsen på ${whereOf(p)} er forverret til ${level.toLowerCase()}.`
        : p.apiId
          ? `API-et ${show(p.apiName)} svarer ikke. Vaskehallene bak det på ${show(p.locationName)} overvåkes ikke.`
          : `${place(p)} har ${causes.length === 1 ? 'én årsak' : `${causes.length} årsaker`} til varsel.`;
  return { level, headline, title, lead, causes, took };
}

/** The incident's e-mail: all its causes, its level, when it opened and, resolved, for how long it lasted. */
export function incidentEmail(
  type: NotificationEventType,
  p: Loose<IncidentEventPayload>,
  ctx: RenderContext,
): RenderedEmail {
  const { level, title, lead, causes, took } = incidentWords(type, p);
  const bays = (Array.isArray(p.bays) ? p.bays : []).filter(
    (bay) => ctx.visibleLocationIds === null || ctx.visibleLocationIds.has(bay?.locationId),
  );
  return {
    subject: type === 'incident.resolved' && took ? `${title} (varte ${took})` : title,
    text: lines(
      lead,
      '',
      'Årsaker:',
      ...(causes.length === 0 ? ['–'] : causes.map((cause) => `- ${cause}`)),
      '',
      `Anlegg: ${show(p.locationName)}`,
      !p.apiId && `Vaskehall: ${show(p.bayName)}`,
      `Nivå: ${level}`,
      `Åpnet: ${formatTime(p.openedAt)}`,
      type === 'incident.resolved' && `Løst: ${formatTime(p.resolvedAt)}${took ? ` (varte ${took})` : ''}`,
      `Hendelse: ${show(p.incidentId)}`,
      '',
      ...(p.apiId
        ? ['Vaskehaller som berøres:', ...bays.map((bay) => `- ${place(bay)}: ${bayLink(ctx, bay)}`)]
        : [`Åpne vaskehallen: ${bayLink(ctx, p)}`]),
    ),
  };
}
