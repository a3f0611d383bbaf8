import { Card, SimpleGrid, Skeleton, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Figure } from '../../../components/figure';
import { LoadError } from '../../../components/load-error';
import { useFormatDuration } from '../../../lib/use-format-duration';
import { useMaintenanceStats } from '../api/get-maintenance-stats';
import type { MaintenanceScope } from '../api/maintenance-keys';

const DAYS = 30;

/** Downtime, jobs, failures, MTTR and MTBF of a bay or a facility over the last 30 days. */
export function MaintenanceStatsCard({ scope }: { scope: MaintenanceScope }) {
  const { t } = useTranslation();
  const duration = useFormatDuration();
  const stats = useMaintenanceStats(scope, DAYS);
  const title = t('maintenance.stats.title');
  const none = t('maintenance.stats.none');
  const seconds = (value: number | null) => (value == null ? none : duration(value));
  return (
    <Card padding="lg" component="section" aria-label={title}>
      <Title order={3} fz="md" mb="md">
        {title}
      </Title>
      {stats.isPending ? (
        <Skeleton height={56} radius="md" aria-label={t('app.loading')} />
      ) : stats.isError && !stats.data ? (
        <LoadError error={stats.error} onRetry={() => stats.refetch()} retrying={stats.isFetching} />
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md">
          <Figure label={t('maintenance.stats.downtime')} value={seconds(stats.data.downtimeSeconds)} />
          <Figure label={t('maintenance.stats.jobs')} value={String(stats.data.jobs)} />
          <Figure label={t('maintenance.stats.failures')} value={String(stats.data.failures)} />
          <Figure
            label={t('maintenance.stats.mttr')}
            value={seconds(stats.data.mttrSeconds)}
            hint={t('maintenance.stats.mttrHint')}
          />
          <Figure
            label={t('maintenance.stats.mtbf')}
            value={seconds(stats.data.mtbfSeconds)}
            hint={t('maintenance.stats.mtbfHint')}
          />
        </SimpleGrid>
      )}
    </Card>
  );
}
