type DurationKey =
  | 'maintenance.duration.days'
  | 'maintenance.duration.hours'
  | 'maintenance.duration.minutes'
  | 'maintenance.duration.lessThanMinute';
type Translate = (key: DurationKey, options: { value: number }) => string;

/**
 * A duration the way people say it, the two largest units: '2 t 15 min', '3 d 4 t', '45 min', and
 * 'under 1 min' below a minute. `t` gives each unit's word in the interface language.
 */
export function formatDuration(seconds: number, t: Translate): string {
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  if (minutes === 0) return t('maintenance.duration.lessThanMinute', { value: 0 });
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const parts: string[] = [];
  if (days > 0) parts.push(t('maintenance.duration.days', { value: days }));
  if (hours > 0) parts.push(t('maintenance.duration.hours', { value: hours }));
  if (rest > 0 && days === 0) parts.push(t('maintenance.duration.minutes', { value: rest }));
  return parts.slice(0, 2).join(' ');
}
