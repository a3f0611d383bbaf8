import { formatQuantity, NO_VALUE } from '../number-format';

/*
 * Foresight's words in Norwegian (docs/domain.md, Foresight), for e-mails, desktop notifications and
 * webhooks' summaries; the web app has the same in its locale files.
 */

export type ConfidenceWord = 'high' | 'medium' | 'low';

/** How sure a prediction is, in three words: high from 0.7, medium from 0.4, else low. */
export function confidenceWord(confidence: number): ConfidenceWord {
  if (confidence >= 0.7) return 'high';
  if (confidence >= 0.4) return 'medium';
  return 'low';
}

export const CONFIDENCE_LABELS: Record<ConfidenceWord, string> = {
  high: 'høy',
  medium: 'middels',
  low: 'lav',
};
const PREDICTED_LEVEL_LABELS = { warning: 'advarsel', critical: 'kritisk' } as const;

/**
 * How long until a crossing, rounded as a person says it: minutes up to 90 (to 5 from 15: 'ca. 40 min'),
 * then hours ('ca. 3 t'); 'under 1 min' when it is due; '–' without a time.
 */
export function leadTimeText(ms: number): string {
  if (!Number.isFinite(ms)) return NO_VALUE;
  const minutes = ms / 60_000;
  if (minutes < 1) return 'under 1 min';
  if (minutes < 15) return `ca. ${Math.round(minutes)} min`;
  if (minutes < 90) return `ca. ${Math.round(minutes / 5) * 5} min`;
  return `ca. ${Math.round(minutes / 60)} t`;
}

/**
 * 'Forventet kritisk om ca. 40 min: Lade – Vaskehall 2 – vanntrykk 2,1 bar og synkende': the headline of a
 * prediction's message. `at` is when it was predicted.
 */
export function predictionHeadline(p: {
  level: 'warning' | 'critical';
  expectedAt: string;
  at: string;
  place: string;
  attributeName: string;
  value: number | null;
  unit: string | null;
  direction: 'falling' | 'rising' | null;
}): string {
  const lead = leadTimeText(new Date(p.expectedAt).getTime() - new Date(p.at).getTime());
  const trend = p.direction === 'falling' ? ' og synkende' : p.direction === 'rising' ? ' og stigende' : '';
  const reading = `${p.attributeName.toLowerCase()} ${formatQuantity(p.value, p.unit)}${trend}`;
  return `Forventet ${PREDICTED_LEVEL_LABELS[p.level]} om ${lead}: ${p.place} – ${reading}`;
}
