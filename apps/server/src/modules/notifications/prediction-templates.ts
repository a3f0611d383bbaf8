import { CONFIDENCE_LABELS, confidenceWord, formatQuantity, predictionHeadline } from '@vaskedrift/shared';
import {
  bayLink,
  formatTime,
  type Loose,
  lines,
  place,
  type RenderContext,
  type RenderedEmail,
  show,
} from './template-words';

/**
 * What `bay.prediction` carried (modules/foresight) before a prediction became a cause of its bay's incident
 * (decision 035): no longer recorded, still rendered should one recorded before the upgrade wait for dispatch.
 */
export type PredictionPayload = {
  bayMetricId: string;
  bayId: string;
  bayName: string;
  locationId: string;
  locationName: string;
  attributeName: string;
  unit: string | null;
  level: 'warning' | 'critical';
  value: number | null;
  expectedAt: string;
  confidence: number;
  direction: 'falling' | 'rising' | null;
  at: string;
};

/**
 * The headline, the confidence and the reading ('Temperatur 52 °C og stigende') in words, shared by the
 * e-mail, the desktop notification and an incident's prediction cause (incident-templates.ts).
 */
export function predictionWords(p: Loose<PredictionPayload>) {
  const confidence =
    typeof p.confidence === 'number' ? CONFIDENCE_LABELS[confidenceWord(p.confidence)] : show(null);
  const value = typeof p.value === 'number' ? p.value : null;
  const direction = p.direction === 'falling' || p.direction === 'rising' ? p.direction : null;
  const headline = predictionHeadline({
    level: p.level === 'warning' ? 'warning' : 'critical',
    expectedAt: typeof p.expectedAt === 'string' ? p.expectedAt : '',
    at: typeof p.at === 'string' ? p.at : '',
    place: place(p),
    attributeName: show(p.attributeName),
    value,
    unit: p.unit ?? null,
    direction,
  });
  const trend = direction === 'falling' ? ' og synkende' : direction === 'rising' ? ' og stigende' : '';
  const reading = `${show(p.attributeName)} ${formatQuantity(value, p.unit ?? null)}${trend}`;
  return { headline, confidence, reading };
}

export function predictionEmail(p: Loose<PredictionPayload>, ctx: RenderContext): RenderedEmail {
  const { headline, confidence } = predictionWords(p);
  return {
    subject: headline,
    text: lines(
      `${headline}.`,
      'Trenden i målingene peker mot terskelen. Ingenting er feil ennå: se på det før det blir det.',
      '',
      `Anlegg: ${show(p.locationName)}`,
      `Vaskehall: ${show(p.bayName)}`,
      `Attributt: ${show(p.attributeName)}`,
      `Verdi nå: ${formatQuantity(typeof p.value === 'number' ? p.value : null, p.unit ?? null)}`,
      `Forventet: ${formatTime(p.expectedAt)} (sikkerhet ${confidence})`,
      `Beregnet: ${formatTime(p.at)}`,
      '',
      `Åpne vaskehallen: ${bayLink(ctx, p)}`,
    ),
  };
}
