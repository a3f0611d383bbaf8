import { SimpleGrid, Table, Text } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatInteger,
  formatNumber,
  formatPercent,
  formatPercentTick,
  TimeSeriesChart,
  useChartTheme,
} from '../../../components/charts';
import { Figure } from '../../../components/figure';
import { useApiStats } from '../api/get-api-stats';
import { useRangeSearch } from '../components/range-picker';
import { StatisticsContent } from '../components/statistics-content';
import { StatsCard } from '../components/stats-card';
import { apiSeries, periodSeconds } from '../statistics-data';

const apiRoute = getRouteApi('/app/integrations/apis/$apiId');

/**
 * /integrations/apis/{apiId}/statistics: checks per hour, success rate, latency p50/p95 and the failed
 * checks by reason.
 */
export function ApiStatisticsPage() {
  const { t } = useTranslation();
  const { apiId } = apiRoute.useParams();
  const search = useRangeSearch();
  const stats = useApiStats(apiId, search);
  const theme = useChartTheme();
  const { locale } = theme;
  const data = stats.data;
  const range = useMemo(() => periodSeconds(data), [data]);
  const series = useMemo(() => apiSeries(data?.points ?? []), [data]);
  const checks = useMemo(
    () => [
      { label: t('statistics.api.checks'), values: series.checks, bars: true },
      { label: t('statistics.api.failures'), values: series.failures, color: theme.level.critical },
    ],
    [series, t, theme],
  );
  const success = useMemo(
    () => [
      { label: t('statistics.api.successRate'), values: series.successRate, color: theme.status.operational },
    ],
    [series, t, theme],
  );
  const latency = useMemo(
    () => [
      { label: t('statistics.api.p50'), values: series.p50 },
      { label: t('statistics.api.p95'), values: series.p95, dashed: true },
    ],
    [series, t],
  );

  // Without a check in the period there is nothing measured: 'Ingen data', never '100 %' (docs/domain.md, Statistics).
  const noChecks = (data?.totals.checks ?? 0) === 0;
  const ms = (value: number | null) =>
    value == null
      ? t(noChecks ? 'statistics.noData' : 'statistics.none')
      : t('statistics.api.ms', { value: formatInteger(value, locale) });
  const hours = Math.round((data?.bucketSeconds ?? 3600) / 3600);

  return (
    <StatisticsContent query={stats}>
      {(data) => (
        <>
          <StatsCard title={t('statistics.figures.title')}>
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md">
              <Figure label={t('statistics.api.checks')} value={formatNumber(data.totals.checks, locale)} />
              <Figure
                label={t('statistics.api.failures')}
                value={formatNumber(data.totals.failures, locale)}
              />
              <Figure
                label={t('statistics.api.successRate')}
                value={noChecks ? t('statistics.noData') : formatPercent(data.totals.successRate, locale)}
              />
              <Figure label={t('statistics.api.p50')} value={ms(data.totals.p50Ms)} />
              <Figure label={t('statistics.api.p95')} value={ms(data.totals.p95Ms)} />
            </SimpleGrid>
          </StatsCard>
          <StatsCard
            title={
              hours <= 1 ? t('statistics.api.checksPerHour') : t('statistics.api.checksPerHours', { hours })
            }
          >
            <TimeSeriesChart
              label={t('statistics.api.checksPerHour')}
              chart="api-checks"
              times={series.times}
              series={checks}
              range={range}
              format={(v) => formatInteger(v, locale)}
              height={200}
            />
          </StatsCard>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            <StatsCard title={t('statistics.api.successRate')}>
              <TimeSeriesChart
                label={t('statistics.api.successRate')}
                chart="api-success"
                times={series.times}
                series={success}
                range={range}
                yRange={[0, 100]}
                format={(v) => formatPercentTick(v, locale)}
                height={200}
              />
            </StatsCard>
            <StatsCard title={t('statistics.api.latency')}>
              <TimeSeriesChart
                label={t('statistics.api.latency')}
                chart="api-latency"
                times={series.times}
                series={latency}
                range={range}
                format={(v) => ms(v)}
                height={200}
              />
            </StatsCard>
          </SimpleGrid>
          <StatsCard title={t('statistics.api.failuresByReason')}>
            {data.failuresByReason.length === 0 ? (
              <Text c="dimmed" size="sm">
                {t('statistics.api.noFailures')}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={480}>
                <Table verticalSpacing="xs" data-testid="failures-by-reason">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('statistics.api.reason')}</Table.Th>
                      <Table.Th>{t('statistics.api.code')}</Table.Th>
                      <Table.Th ta="right">{t('statistics.api.count')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.failuresByReason.map((row) => (
                      <Table.Tr key={row.errorCode}>
                        <Table.Td>{row.message}</Table.Td>
                        <Table.Td>
                          <Text size="xs" ff="monospace">
                            {row.errorCode}
                          </Text>
                        </Table.Td>
                        <Table.Td ta="right">{formatNumber(row.count, locale)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </StatsCard>
        </>
      )}
    </StatisticsContent>
  );
}
