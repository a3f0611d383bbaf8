import { SimpleGrid } from '@mantine/core';
import type { Figures } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../../components/charts';
import { Figure } from '../../../components/figure';

import { useStatisticsFormat } from '../use-statistics-format';
import { StatsCard } from './stats-card';

/** 'Nøkkeltall': availability, downtime, failures, MTTR, MTBF and maintenance of a bay or a facility. */
export function FiguresCard({ figures }: { figures: Figures }) {
  const { t } = useTranslation();
  const { locale, duration } = useStatisticsFormat();
  return (
    <StatsCard title={t('statistics.figures.title')}>
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
    </StatsCard>
  );
}
