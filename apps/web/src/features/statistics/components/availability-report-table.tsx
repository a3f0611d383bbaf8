import { Badge, Group, Table, Text } from '@mantine/core';
import type { AvailabilityReport, Figures, WashFigures } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { UnmonitoredBadge } from '../../../components/bay-status/unmonitored-badge';
import { formatInteger, formatPercent } from '../../../components/charts';
import { useStatisticsFormat } from '../use-statistics-format';

/**
 * Every bay's figures in the period, by facility and bay, with the chain's total in the footer; a bay not
 * monitored in the period shows 'Ingen data' and 'Ikke overvåket' instead of figures never measured.
 */
export function AvailabilityReportTable({
  report,
  totalClass,
}: {
  report: AvailabilityReport;
  totalClass?: string;
}) {
  const { t } = useTranslation();
  const { locale, duration } = useStatisticsFormat();
  /** Washes and lost washes (docs/domain.md, Washes): '–' without a counter, 'Ingen data' without a profile. */
  const washCells = (washes: WashFigures) => (
    <>
      <Table.Td ta="right">
        {washes.washes === null ? t('statistics.none') : formatInteger(washes.washes, locale)}
      </Table.Td>
      <Table.Td ta="right">
        {washes.washes === null
          ? t('statistics.none')
          : washes.lost === null
            ? t('statistics.noData')
            : formatInteger(washes.lost, locale)}
      </Table.Td>
    </>
  );
  const cells = (figures: Figures) => {
    const observed = figures.observedSeconds > 0;
    const measured = (text: string) => (observed ? text : t('statistics.none'));
    return (
      <>
        <Table.Td ta="right">
          {observed ? formatPercent(figures.availability, locale) : t('statistics.noData')}
        </Table.Td>
        <Table.Td ta="right">{measured(duration(figures.downtimeSeconds))}</Table.Td>
        <Table.Td ta="right">{measured(formatInteger(figures.failures, locale))}</Table.Td>
        <Table.Td ta="right">{measured(formatInteger(figures.warnings, locale))}</Table.Td>
        <Table.Td ta="right">{measured(duration(figures.mttrSeconds))}</Table.Td>
        <Table.Td ta="right">{duration(figures.maintenanceSeconds)}</Table.Td>
      </>
    );
  };
  /** Unusual values (docs/domain.md, Statistics): '–' where no number or counter was monitored. */
  const unusualCell = (figures: Figures) => (
    <Table.Td ta="right">
      {figures.unusualMarks === null ? t('statistics.none') : formatInteger(figures.unusualMarks, locale)}
    </Table.Td>
  );
  return (
    <Table.ScrollContainer
      minWidth={880}
      // Wider than a laptop with the wash columns: a keyboard must reach the scroll (axe scrollable-region-focusable).
      scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': t('statistics.report.title') } }}
    >
      <Table striped verticalSpacing="xs" data-testid="availability-report">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('statistics.columns.location')}</Table.Th>
            <Table.Th>{t('statistics.columns.bay')}</Table.Th>
            <Table.Th ta="right">{t('statistics.columns.availability')}</Table.Th>
            <Table.Th ta="right">{t('statistics.columns.downtime')}</Table.Th>
            <Table.Th ta="right">{t('statistics.columns.failures')}</Table.Th>
            <Table.Th ta="right">{t('statistics.columns.warnings')}</Table.Th>
            <Table.Th ta="right">{t('statistics.columns.mttr')}</Table.Th>
            <Table.Th ta="right">{t('statistics.columns.maintenance')}</Table.Th>
            <Table.Th ta="right">{t('statistics.columns.washes')}</Table.Th>
            <Table.Th ta="right">{t('statistics.columns.lostWashes')}</Table.Th>
            <Table.Th ta="right">{t('statistics.columns.unusual')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.rows.map((row) => (
            <Table.Tr key={row.bayId}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.locationName}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {row.bayName}
                  </Text>
                  {row.deleted && (
                    <Badge size="xs" variant="light" color="gray">
                      {t('statistics.deleted')}
                    </Badge>
                  )}
                  {row.observedSeconds === 0 && <UnmonitoredBadge size="xs" />}
                </Group>
              </Table.Td>
              {cells(row)}
              {washCells(row.washes)}
              {unusualCell(row)}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr className={totalClass} data-testid="availability-report-total">
            <Table.Td colSpan={2}>{t('statistics.report.total')}</Table.Td>
            {cells(report.total)}
            {washCells(report.totalWashes)}
            {unusualCell(report.total)}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
