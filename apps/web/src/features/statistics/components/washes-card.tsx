import { Button, SimpleGrid, Table, Text } from '@mantine/core';
import type { LostPeriod, WashesAnswer } from '@vaskedrift/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInteger, formatNumber, TimeSeriesChart } from '../../../components/charts';
import { Figure } from '../../../components/figure';
import { intlLocale } from '../../../lib/format';
import { washSeries } from '../statistics-data';
import { useStatisticsFormat } from '../use-statistics-format';
import { StatsCard } from './stats-card';

/**
 * 'Vask' and 'Tapte vask' (docs/domain.md, Washes): the washes counted, expected from the bay's own weeks
 * and lost to errors and maintenance, washes per hour, day or week beside the expected ones, and each
 * period that cost washes. Without a counter the card says how to get one; a figure without a profile
 * says 'Ingen data'.
 */
export function WashesCard({
  washes,
  range,
  showBay = false,
}: {
  washes: WashesAnswer;
  range: readonly [number, number];
  showBay?: boolean;
}) {
  const { t } = useTranslation();
  const { locale } = useStatisticsFormat();
  const series = useMemo(() => washSeries(washes.points, washes.bucket), [washes]);
  const chartSeries = useMemo(
    () => [
      { label: t('statistics.washes.washes'), values: series.washes, bars: true },
      { label: t('statistics.washes.expected'), values: series.expected, dashed: true },
    ],
    [series, t],
  );
  const figure = (value: number | null) =>
    value === null ? t('statistics.noData') : formatInteger(value, locale);

  if (washes.figures.washes === null) {
    return (
      <StatsCard title={t('statistics.washes.title')}>
        <Text size="sm" c="dimmed">
          {t('statistics.washes.noCounter')}
        </Text>
      </StatsCard>
    );
  }
  const chartTitle = t(`statistics.washes.chart.${washes.bucket}`);
  return (
    <>
      <StatsCard title={t('statistics.washes.title')}>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" mb="md">
          <Figure
            label={t('statistics.washes.washes')}
            value={figure(washes.figures.washes)}
            hint={t('statistics.washes.washesHint')}
          />
          <Figure
            label={t('statistics.washes.expected')}
            value={figure(washes.figures.expected)}
            hint={t('statistics.washes.expectedHint')}
          />
          <Figure
            label={t('statistics.washes.lost')}
            value={figure(washes.figures.lost)}
            hint={t('statistics.washes.lostHint')}
          />
        </SimpleGrid>
        <Text size="sm" fw={600} mb="xs">
          {chartTitle}
        </Text>
        <TimeSeriesChart
          label={chartTitle}
          chart="washes"
          times={series.times}
          series={chartSeries}
          range={range}
          noValue={t('statistics.noData')}
          format={(v) => formatNumber(v, locale)}
          height={200}
        />
      </StatsCard>
      <StatsCard title={t('statistics.washes.lostTitle')}>
        <LostPeriods periods={washes.lostPeriods} showBay={showBay} />
      </StatsCard>
    </>
  );
}

/** Periods listed before 'Vis alle': a month of short faults would otherwise push the charts far down. */
const FIRST_PERIODS = 10;

/**
 * The error and maintenance periods with their lost washes, newest first; expected and counted beside them
 * from the `xs` breakpoint up (a phone shows the period and what it cost).
 */
function LostPeriods({ periods, showBay }: { periods: readonly LostPeriod[]; showBay: boolean }) {
  const { t, i18n } = useTranslation();
  const { locale } = useStatisticsFormat();
  const [all, setAll] = useState(false);
  const shown = all ? periods : periods.slice(0, FIRST_PERIODS);
  if (periods.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('statistics.washes.noLostPeriods')}
      </Text>
    );
  }
  const tenths = (value: number | null) =>
    value === null ? t('statistics.noData') : formatNumber(value, locale);
  // '25. nov., 20:50–20:55' (the range above names the year): short enough for a phone, with the lost
  // washes beside it.
  const span = new Intl.DateTimeFormat(intlLocale(i18n.language), {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  return (
    <>
      <Table.ScrollContainer minWidth={320}>
        <Table striped verticalSpacing="xs" data-testid="lost-washes">
          <Table.Thead>
            <Table.Tr>
              {showBay && <Table.Th>{t('statistics.columns.bay')}</Table.Th>}
              <Table.Th>{t('statistics.washes.columns.status')}</Table.Th>
              <Table.Th>{t('statistics.washes.columns.period')}</Table.Th>
              <Table.Th ta="right">{t('statistics.washes.columns.lost')}</Table.Th>
              <Table.Th ta="right" visibleFrom="xs">
                {t('statistics.washes.columns.expected')}
              </Table.Th>
              <Table.Th ta="right" visibleFrom="xs">
                {t('statistics.washes.columns.counted')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((p) => (
              <Table.Tr key={`${p.bayId}-${p.from}`}>
                {showBay && <Table.Td>{p.bayName}</Table.Td>}
                <Table.Td>{t(`statistics.washes.status.${p.status}`)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {span.formatRange(new Date(p.from), new Date(p.to))}
                </Table.Td>
                <Table.Td ta="right" fw={600}>
                  {tenths(p.lost)}
                </Table.Td>
                <Table.Td ta="right" visibleFrom="xs">
                  {tenths(p.expected)}
                </Table.Td>
                <Table.Td ta="right" visibleFrom="xs">
                  {tenths(p.counted)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {shown.length < periods.length && (
        <Button variant="subtle" size="xs" mt="xs" onClick={() => setAll(true)}>
          {t('statistics.washes.showAll', { n: periods.length })}
        </Button>
      )}
    </>
  );
}
