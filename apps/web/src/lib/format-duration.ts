import { formatDuration as formatWith } from '@vaskedrift/shared/number-format';

type DurationKey =
  | 'maintenance.duration.days'
  | 'maintenance.duration.hours'
  | 'maintenance.duration.minutes'
  | 'maintenance.duration.lessThanMinute';
type Translate = (key: DurationKey, options: { value: number }) => string;

/**
 * A duration the way people say it (`formatDuration` of the shared package: '2 t 15 min', '3 d 4 t',
 * 'under 1 min'), with each unit's word from `t`, in the interface language.
 */
export function formatDuration(seconds: number, t: Translate): string {
  return formatWith(seconds, {
    days: (value) => t('maintenance.duration.days', { value }),
    hours: (value) => t('maintenance.duration.hours', { value }),
    minutes: (value) => t('maintenance.duration.minutes', { value }),
    lessThanMinute: t('maintenance.duration.lessThanMinute', { value: 0 }),
  });
}
