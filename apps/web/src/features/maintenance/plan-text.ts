import { MAINTENANCE_TIME_ZONE, type PlanRepeat } from '@vaskedrift/shared';
import type { TFunction } from 'i18next';
import { intlLocale } from '../../lib/format';

/*
 * How a plan reads (docs/domain.md, Maintenance: planned maintenance): its times on the Oslo clock, as the
 * plan itself repeats in Norwegian time wherever the browser is.
 */

/** 1 Monday … 7 Sunday: 1–7 January 2024 ran from Monday to Sunday. */
const dayOf = (weekday: number) => new Date(Date.UTC(2024, 0, weekday, 12));

/** A weekday's name in the interface language: 'long' (mandag) or 'short' (man.). */
export function weekdayName(weekday: number, language: string, width: 'long' | 'short' = 'long'): string {
  return new Intl.DateTimeFormat(intlLocale(language), { weekday: width, timeZone: 'UTC' }).format(
    dayOf(weekday),
  );
}

/** 'mandag og fredag' in the interface language. */
export function weekdayList(weekdays: readonly number[], language: string): string {
  const names = [...weekdays].sort((a, b) => a - b).map((day) => weekdayName(day, language));
  return new Intl.ListFormat(intlLocale(language), { style: 'long', type: 'conjunction' }).format(names);
}

/** '06:00' on the Oslo clock. */
function osloTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    timeZone: MAINTENANCE_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

const windowFormat = (language: string) =>
  new Intl.DateTimeFormat(intlLocale(language), {
    timeZone: MAINTENANCE_TIME_ZONE,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });

/** 'lør. 27. mars, 06:00–08:00' (or two dates when it ends on another day; the start alone without an end). */
export function formatPlanWindow(startsAt: string, endsAt: string | null, language: string): string {
  const format = windowFormat(language);
  if (!endsAt) return format.format(new Date(startsAt));
  return format.formatRange(new Date(startsAt), new Date(endsAt));
}

/** 'Én gang', 'Hver dag kl. 06:00', 'Hver 2. uke på tirsdag kl. 06:00'. */
export function describeRepeat(repeat: PlanRepeat, startsAt: string, t: TFunction, language: string): string {
  const time = osloTime(startsAt, language);
  if (repeat.kind === 'days') {
    return repeat.every === 1
      ? t('maintenance.plans.daily', { time })
      : t('maintenance.plans.everyNDays', { n: repeat.every, time });
  }
  if (repeat.kind === 'weeks') {
    const days = weekdayList(repeat.weekdays, language);
    return repeat.every === 1
      ? t('maintenance.plans.weekly', { days, time })
      : t('maintenance.plans.everyNWeeks', { n: repeat.every, days, time });
  }
  return t('maintenance.plans.once');
}
