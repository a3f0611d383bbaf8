import { useTranslation } from 'react-i18next';
import { useChartTheme } from '../../components/charts';
import { useFormatDuration } from '../../lib/use-format-duration';

/** The interface language's number locale and durations ('2 t 15 min'; '0 min' for none at all; '–' for no figure). */
export function useStatisticsFormat() {
  const { t } = useTranslation();
  const { locale } = useChartTheme();
  const format = useFormatDuration();
  const duration = (value: number | null | undefined) =>
    value == null
      ? t('statistics.none')
      : value === 0
        ? t('maintenance.duration.minutes', { value: 0 })
        : format(value);
  return { locale, duration };
}
