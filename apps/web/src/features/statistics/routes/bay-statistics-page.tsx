import { SegmentedControl, Text } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import type { MaintenanceMarker, StatisticsBucket } from '@vaskedrift/shared';
import { MAX_ITEMS_PER_PAGE, STATISTICS_BUCKETS } from '@vaskedrift/shared';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPercentTick, StatusTimelineChart, TimeSeriesChart } from '../../../components/charts';
import { useBayMetrics } from '../../../lib/queries/get-bay-metrics';
import { useBayStats } from '../api/get-bay-stats';
import { AttributeChart } from '../components/attribute-chart';
import { FiguresCard } from '../components/figures-card';
import { useRangeSearch } from '../components/range-picker';
import { StatisticsContent } from '../components/statistics-content';
import { StatsCard } from '../components/stats-card';
import { useStatusKinds } from '../components/status-kinds';
import { WashesCard } from '../components/washes-card';
import { availabilitySeries, bayMarkers, periodSeconds, statusSegments } from '../statistics-data';
import { useStatisticsFormat } from '../use-statistics-format';

const bayRoute = getRouteApi('/app/locations/$locationId/bays/$bayId');

/**
 * /locations/{locationId}/bays/{bayId}/statistics: the bay's figures, its washes and the washes lost to
 * downtime, status timeline, availability per day/week/month and every attribute's values, with alerts and
 * maintenance on the time axis.
 */
export function BayStatisticsPage() {
  const { t } = useTranslation();
  const { bayId } = bayRoute.useParams();
  const search = useRangeSearch();
  const [bucket, setBucket] = useState<StatisticsBucket | undefined>(undefined);
  const stats = useBayStats(bayId, search, bucket);
  const { locale, duration } = useStatisticsFormat();
  const statusKinds = useStatusKinds();
  const data = stats.data;
  // The statistics name an attribute by its API attribute; several may read the same one at other paths.
  const bayMetrics = useBayMetrics({ page: 1, perPage: MAX_ITEMS_PER_PAGE, filters: { bayId } });
  const pathOf = new Map((bayMetrics.data?.data ?? []).map((metric) => [metric.id, metric.path]));

  const maintenanceLabel = useCallback(
    (job: MaintenanceMarker) =>
      [t(`maintenance.types.${job.type}`), job.assigneeName].filter(Boolean).join(' · '),
    [t],
  );
  const range = useMemo(() => periodSeconds(data), [data]);
  const rows = useMemo(
    () => (data ? [{ id: data.bay.id, label: data.bay.name, segments: statusSegments(data.timeline) }] : []),
    [data],
  );
  const markers = useMemo(
    () =>
      data ? bayMarkers(data.alerts, data.maintenance, range[1], { maintenance: maintenanceLabel }) : [],
    [data, range, maintenanceLabel],
  );
  const availability = useMemo(() => availabilitySeries(data?.availability ?? []), [data]);
  const availabilityBars = useMemo(
    () => [{ label: t('statistics.figures.availability'), values: availability.values, bars: true }],
    [availability, t],
  );

  const markerLabels = {
    alert: t('statistics.markers.alert'),
    maintenance: t('statistics.markers.maintenance'),
  };

  return (
    <StatisticsContent query={stats}>
      {(data) => (
        <>
          <FiguresCard figures={data.figures} />
          <WashesCard washes={data.washes} range={range} />
          <StatsCard title={t('statistics.timeline.title')}>
            <StatusTimelineChart
              label={t('statistics.timeline.title')}
              chart="status-timeline"
              rows={rows}
              range={range}
              kinds={statusKinds}
              markers={markers}
              formatDuration={duration}
            />
          </StatsCard>
          <StatsCard
            title={t('statistics.availability.title')}
            actions={
              <SegmentedControl
                size="xs"
                aria-label={t('statistics.availability.bucket')}
                value={bucket ?? data.bucket}
                onChange={(value) => setBucket(value as StatisticsBucket)}
                data={STATISTICS_BUCKETS.map((value) => ({
                  value,
                  label: t(`statistics.availability.${value}`),
                }))}
              />
            }
          >
            <TimeSeriesChart
              label={t('statistics.availability.title')}
              chart="availability"
              times={availability.times}
              series={availabilityBars}
              range={availability.span ?? range}
              yRange={[0, 100]}
              noValue={t('statistics.noData')}
              format={(v) => formatPercentTick(v, locale)}
              markers={markers}
              markerLabels={markerLabels}
              height={200}
            />
          </StatsCard>
          {data.attributes.map((attribute) => (
            <AttributeChart
              key={attribute.id}
              attribute={attribute}
              path={pathOf.get(attribute.id)}
              search={search}
              range={range}
              alerts={data.alerts}
              maintenance={data.maintenance}
              maintenanceLabel={maintenanceLabel}
            />
          ))}
          {data.attributes.length === 0 && (
            <StatsCard title={t('statistics.attributes.title')}>
              <Text size="sm" c="dimmed">
                {t('statistics.attributes.none')}
              </Text>
            </StatsCard>
          )}
        </>
      )}
    </StatisticsContent>
  );
}
