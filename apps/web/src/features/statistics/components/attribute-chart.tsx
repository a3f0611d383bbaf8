import { Text } from '@mantine/core';
import type { AlertMarker, MaintenanceMarker, StatisticsAttribute } from '@vaskedrift/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatPercent,
  formatQuantity,
  StatusTimelineChart,
  type StepAxis,
  TimeSeriesChart,
} from '../../../components/charts';
import { useReadings } from '../api/get-readings';
import type { RangeSearch } from '../range';
import { bayMarkers, readingSeries, segmentsOfLevels, thresholdLines } from '../statistics-data';
import { useStatisticsFormat } from '../use-statistics-format';
import { StatsCard } from './stats-card';
import { useLevelKinds } from './status-kinds';

interface AttributeChartProps {
  attribute: StatisticsAttribute;
  /** The path read in the API attribute's record, to tell apart attributes of the same API attribute. */
  path?: string;
  search: RangeSearch;
  range: readonly [number, number];
  alerts: readonly AlertMarker[];
  maintenance: readonly MaintenanceMarker[];
  maintenanceLabel: (job: MaintenanceMarker) => string;
}

/**
 * One attribute's values in the period: the average with its min–max band, the warning and critical
 * thresholds as lines, the level strip, and the attribute's alerts and the bay's maintenance on the time
 * axis. A text attribute has no values to draw: its levels are shown as a timeline.
 */
export function AttributeChart({
  attribute,
  path,
  search,
  range,
  alerts,
  maintenance,
  maintenanceLabel,
}: AttributeChartProps) {
  const { t } = useTranslation();
  const { locale, duration } = useStatisticsFormat();
  const levelKinds = useLevelKinds();
  // The display name when one is set; else the API attribute's name and the path, as before.
  const title = attribute.displayName ?? (path ? `${attribute.name} · ${path}` : attribute.name);
  const unit = attribute.unit;
  const steps = useMemo((): StepAxis | undefined => {
    if (attribute.type !== 'boolean') return undefined;
    return {
      labels: [
        attribute.falseLabel ?? t('bayMetrics.values.no'),
        attribute.trueLabel ?? t('bayMetrics.values.yes'),
      ],
    };
  }, [attribute, t]);
  const readings = useReadings(attribute.id, search);
  const series = useMemo(() => readingSeries(readings.data?.data ?? []), [readings.data]);
  const markers = useMemo(
    () => bayMarkers(alerts, maintenance, range[1], { maintenance: maintenanceLabel }, attribute.id),
    [alerts, maintenance, range, maintenanceLabel, attribute.id],
  );
  const thresholds = useMemo(
    () =>
      thresholdLines(
        attribute,
        { warning: t('bayMetrics.levels.warning'), critical: t('bayMetrics.levels.critical') },
        (v) => formatQuantity(v, unit, locale),
      ),
    [attribute, t, locale, unit],
  );
  const chartSeries = useMemo(
    () => [{ label: t('statistics.attributes.value'), values: series.avg }],
    [series, t],
  );
  // A true/false value has no band: between 0 and 1 it would fill the whole chart.
  const band = useMemo(
    () =>
      steps ? undefined : { lower: series.min, upper: series.max, label: t('statistics.attributes.minMax') },
    [series, t, steps],
  );
  /** The tooltip says the unit; a step says its word, or how much of the time it was true. */
  const tooltipFormat = useMemo(
    () =>
      steps
        ? (v: number) =>
            v >= 1
              ? steps.labels[1]
              : v <= 0
                ? steps.labels[0]
                : t('statistics.attributes.share', {
                    label: steps.labels[1],
                    percent: formatPercent(v * 100, locale),
                  })
        : (v: number) => formatQuantity(v, unit, locale),
    [steps, unit, locale, t],
  );
  const levelRows = useMemo(
    () => [{ id: attribute.id, label: title, segments: segmentsOfLevels(series, range[1]) }],
    [attribute.id, title, series, range],
  );
  const label = t('statistics.attributes.chartLabel', { name: title });
  const resolution = readings.data ? t(`statistics.attributes.resolution.${readings.data.resolution}`) : null;

  return (
    <StatsCard
      title={title}
      actions={
        resolution && (
          <Text size="xs" c="dimmed">
            {resolution}
          </Text>
        )
      }
    >
      {readings.data && !series.numeric && readings.data.data.length > 0 ? (
        <StatusTimelineChart
          label={label}
          chart="attribute-levels"
          rows={levelRows}
          range={range}
          kinds={levelKinds}
          markers={markers}
          formatDuration={duration}
        />
      ) : (
        <TimeSeriesChart
          label={label}
          chart="attribute"
          times={series.times}
          series={chartSeries}
          band={band}
          steps={steps}
          tooltipFormat={tooltipFormat}
          thresholds={steps ? undefined : thresholds}
          markers={markers}
          markerLabels={{
            alert: t('statistics.markers.alert'),
            maintenance: t('statistics.markers.maintenance'),
          }}
          levels={series.levels}
          range={range}
          loading={readings.isPending}
          error={readings.isError && !readings.data ? readings.error : undefined}
          onRetry={() => void readings.refetch()}
        />
      )}
    </StatsCard>
  );
}
