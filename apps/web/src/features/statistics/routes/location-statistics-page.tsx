import { SimpleGrid, Table, Text } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusTimelineChart } from '../../../components/charts';
import { Figure } from '../../../components/figure';
import { useLocationStats } from '../api/get-location-stats';
import { BayRankingTable } from '../components/bay-ranking-table';
import { FiguresCard } from '../components/figures-card';
import { useRangeSearch } from '../components/range-picker';
import { StatisticsContent } from '../components/statistics-content';
import { StatsCard } from '../components/stats-card';
import { useStatusKinds } from '../components/status-kinds';
import { WashesCard } from '../components/washes-card';
import { periodSeconds, statusSegments } from '../statistics-data';
import { useStatisticsFormat } from '../use-statistics-format';

const locationRoute = getRouteApi('/app/locations/$locationId');

/**
 * /locations/{locationId}/statistics: the facility's figures, its bays ranked worst first, its washes and
 * the washes lost to downtime, the bays'
 * timelines as rows, alerts per level and maintenance time per type.
 */
export function LocationStatisticsPage() {
  const { t } = useTranslation();
  const { locationId } = locationRoute.useParams();
  const search = useRangeSearch();
  const stats = useLocationStats(locationId, search);
  const { duration } = useStatisticsFormat();
  const statusKinds = useStatusKinds();
  const data = stats.data;
  const range = useMemo(() => periodSeconds(data), [data]);
  const rows = useMemo(
    () =>
      (data?.timeline ?? []).map((row) => ({
        id: row.bayId,
        label: row.bayName,
        segments: statusSegments(row.segments),
      })),
    [data],
  );

  return (
    <StatisticsContent query={stats}>
      {(data) => (
        <>
          <FiguresCard figures={data.figures} />
          <StatsCard title={t('statistics.bays.title')}>
            <BayRankingTable locationId={locationId} bays={data.bays} />
          </StatsCard>
          <WashesCard washes={data.washes} range={range} showBay />
          <StatsCard title={t('statistics.timeline.locationTitle')}>
            <StatusTimelineChart
              label={t('statistics.timeline.locationTitle')}
              chart="location-timeline"
              rows={rows}
              range={range}
              kinds={statusKinds}
              formatDuration={duration}
            />
          </StatsCard>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <StatsCard title={t('statistics.alerts.title')}>
              <SimpleGrid cols={2}>
                <Figure label={t('statistics.alerts.critical')} value={String(data.alertCounts.critical)} />
                <Figure label={t('statistics.alerts.warning')} value={String(data.alertCounts.warning)} />
              </SimpleGrid>
            </StatsCard>
            <StatsCard title={t('statistics.maintenanceByType.title')}>
              {data.maintenanceByType.length === 0 ? (
                <Text c="dimmed" size="sm">
                  {t('common.empty')}
                </Text>
              ) : (
                <Table verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('statistics.maintenanceByType.type')}</Table.Th>
                      <Table.Th ta="right">{t('statistics.maintenanceByType.jobs')}</Table.Th>
                      <Table.Th ta="right">{t('statistics.maintenanceByType.time')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.maintenanceByType.map((row) => (
                      <Table.Tr key={row.type}>
                        <Table.Td>{t(`maintenance.types.${row.type}`)}</Table.Td>
                        <Table.Td ta="right">{row.jobs}</Table.Td>
                        <Table.Td ta="right">{duration(row.seconds)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </StatsCard>
          </SimpleGrid>
        </>
      )}
    </StatisticsContent>
  );
}
