import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { Figures } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../../components/charts';
import { useStatisticsFormat } from '../use-statistics-format';

export function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Stack gap={0} data-figure={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
}

/** Availability, downtime, failures, MTTR, MTBF and maintenance of a bay or a facility in the period. */
export function FiguresGrid({ figures }: { figures: Figures }) {
  const { t } = useTranslation();
  const { locale, duration } = useStatisticsFormat();
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md">
      <Figure
        label={t('statistics.figures.availability')}
        value={formatPercent(figures.availability, locale)}
        hint={t('statistics.figures.availabilityHint')}
      />
      <Figure label={t('statistics.figures.downtime')} value={duration(figures.downtimeSeconds)} />
      <Figure label={t('statistics.figures.failures')} value={String(figures.failures)} />
      <Figure
        label={t('statistics.figures.mttr')}
        value={duration(figures.mttrSeconds)}
        hint={t('statistics.figures.mttrHint')}
      />
      <Figure
        label={t('statistics.figures.mtbf')}
        value={duration(figures.mtbfSeconds)}
        hint={t('statistics.figures.mtbfHint')}
      />
      <Figure
        label={t('statistics.figures.maintenance')}
        value={duration(figures.maintenanceSeconds)}
        hint={t('statistics.figures.jobs', { count: figures.jobs })}
      />
    </SimpleGrid>
  );
}
