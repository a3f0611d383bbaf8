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

/** What `bay.prediction` carries (modules/foresight): the attribute, its value and the crossing expected. */
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

/** The headline and the confidence in words, shared by the e-mail and the desktop notification. */
export function predictionWords(p: Loose<PredictionPayload>) {
  const confidence =
    typeof p.confidence === 'number' ? CONFIDENCE_LABELS[confidenceWord(p.confidence)] : show(null);
  const headline = predictionHeadline({
    level: p.level === 'warning' ? 'warning' : 'critical',
    expectedAt: typeof p.expectedAt === 'string' ? p.expectedAt : '',
    at: typeof p.at === 'string' ? p.at : '',
    place: place(p),
    attributeName: show(p.attributeName),
    value: typeof p.value === 'number' ? p.value : null,
    unit: p.unit ?? null,
    direction: p.direction === 'falling' || p.direction === 'rising' ? p.direction : null,
  });
  return { headline, confidence };
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
