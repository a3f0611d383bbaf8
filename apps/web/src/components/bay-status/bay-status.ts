import { BAY_STATUS_META, BAY_STATUSES, type BayStatus, type StatusCounts } from '@vaskedrift/shared';
import type { TranslationKey } from '../../lib/i18n';

/** The translation key of a status's label ('I drift', 'Advarsel', …). */
export function bayStatusLabelKey(status: BayStatus): TranslationKey {
  return `bays.status.${status}`;
}

/** The translation key of a status's one-line explanation. */
export function bayStatusDescriptionKey(status: BayStatus): TranslationKey {
  return `bays.statusDescription.${status}`;
}

/** The Mantine colour of a status (green, yellow, red, gray, blue). */
export function bayStatusColor(status: BayStatus): string {
  return BAY_STATUS_META[status].color;
}

/** The statuses that have bays, in the order the product lists them, with their counts. */
export function nonZeroCounts(counts: StatusCounts): { status: BayStatus; count: number }[] {
  return BAY_STATUSES.flatMap((status) => (counts[status] > 0 ? [{ status, count: counts[status] }] : []));
}
