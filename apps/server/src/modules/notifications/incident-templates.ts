import {
  describeReading,
  formatDuration,
  type IncidentAttributeCause,
  type IncidentCause,
  type NotificationEventType,
} from '@vaskedrift/shared';
import type { IncidentEventPayload } from './payloads';
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
 * summary.
 */

const causesOf = (p: Loose<IncidentEventPayload>): IncidentCause[] =>
  (Array.isArray(p.causes) ? p.causes : []).filter(
    (c): c is IncidentCause => typeof c === 'object' && c !== null,
  );

/** One cause in a line: 'Vanntrykk 1,2 bar · kritisk under 2 bar'; resolved: 'Vanntrykk (var kritisk)'. */
function causeLine(cause: IncidentCause, resolved: boolean): string {
  if (cause.kind === 'api') return `API-et ${show(cause.apiName)} svarer ikke: ${show(cause.reason)}`;
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
  const level = levelLabel(p.level);
  const resolved = type === 'incident.resolved';
  const causes = causesOf(p).map((cause) => causeLine(cause, resolved));
  const took = duration(p);
  const headline =
    type === 'incident.worsened' ? `Forverret til ${level.toLowerCase()}` : resolved ? 'Løst' : level;
  const title = p.apiId
    ? `${headline}: API-et ${show(p.apiName)} ${resolved ? 'svarer igjen' : 'svarer ikke'} – ${show(p.locationName)}`
    : `${headline}: ${place(p)}`;
  const lead = resolved
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
