import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatInstant } from '../../../components/charts';
import { useStatisticsFormat } from '../use-statistics-format';
import { RangePicker } from './range-picker';

/** The range picker and the exact period the figures cover (as the server answered it). */
export function StatisticsToolbar({ period }: { period?: { from: string; to: string } }) {
  const { t } = useTranslation();
  const { locale } = useStatisticsFormat();
  return (
    <Group justify="space-between" align="flex-end" gap="sm" className="statistics-no-print">
      <RangePicker />
      {period && (
        <Text size="sm" c="dimmed" data-testid="statistics-period">
          {t('statistics.period', {
            from: formatInstant(Date.parse(period.from) / 1000, locale),
            to: formatInstant(Date.parse(period.to) / 1000, locale),
          })}
        </Text>
      )}
    </Group>
  );
}
