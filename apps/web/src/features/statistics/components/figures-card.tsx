import { SimpleGrid } from '@mantine/core';
import type { Figures } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { formatInteger, formatPercent } from '../../../components/charts';
import { Figure } from '../../../components/figure';

import { useStatisticsFormat } from '../use-statistics-format';
import { StatsCard } from './stats-card';

/**
 * 'Nøkkeltall': availability, downtime, failures, warnings (apart), MTTR, MTBF, maintenance and unusual values
 * of a bay or a facility. With no monitored second in the period (a bay without attributes, a facility without
 * bays) every figure measured from status periods says 'Ingen data', never '100 %' or '0 min' (docs/domain.md,
 * Statistics); maintenance time is recorded work and stays. Unusual values say 'Ingen data' where no number or
 * counter was monitored (the server answers null), never 0 for what no model watched.
 */
export function FiguresCard({ figures }: { figures: Figures }) {
  const { t } = useTranslation();
  const { locale, duration } = useStatisticsFormat();
  const observed = figures.observedSeconds > 0;
  const measured = (text: string) => (observed ? text : t('statistics.noData'));
  return (
    <StatsCard title={t('statistics.figures.title')}>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <Figure
          label={t('statistics.figures.availability')}
          value={measured(formatPercent(figures.availability, locale))}
          hint={t(observed ? 'statistics.figures.availabilityHint' : 'statistics.noDataHint')}
        />
        <Figure
          label={t('statistics.figures.downtime')}
          value={measured(duration(figures.downtimeSeconds))}
        />
        <Figure
          label={t('statistics.figures.failures')}
          value={measured(formatInteger(figures.failures, locale))}
          hint={t('statistics.figures.failuresHint')}
        />
        <Figure
          label={t('statistics.figures.warnings')}
          value={measured(formatInteger(figures.warnings, locale))}
          hint={t('statistics.figures.warningsHint')}
        />
        <Figure
          label={t('statistics.figures.mttr')}
          value={measured(duration(figures.mttrSeconds))}
          hint={t('statistics.figures.mttrHint')}
        />
        <Figure
          label={t('statistics.figures.mtbf')}
          value={measured(duration(figures.mtbfSeconds))}
          hint={t('statistics.figures.mtbfHint')}
        />
        <Figure
          label={t('statistics.figures.maintenance')}
          value={duration(figures.maintenanceSeconds)}
          hint={t('statistics.figures.jobs', { count: figures.jobs })}
        />
        <Figure
          label={t('statistics.figures.unusual')}
          value={
            figures.unusualMarks === null
              ? t('statistics.noData')
              : formatInteger(figures.unusualMarks, locale)
          }
          hint={t(
            figures.unusualMarks === null
              ? 'statistics.figures.unusualNoData'
              : 'statistics.figures.unusualHint',
          )}
        />
      </SimpleGrid>
    </StatsCard>
  );
}
