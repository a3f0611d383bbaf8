import { Badge, Group, Table, Text } from '@mantine/core';
import type { AvailabilityReport, Figures } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../../components/charts';
import { useStatisticsFormat } from '../use-statistics-format';

/** Every bay's figures in the period, by facility and bay, with the chain's total in the footer. */
export function AvailabilityReportTable({
  report,
  totalClass,
}: {
  report: AvailabilityReport;
  totalClass?: string;
}) {
  const { t } = useTranslation();
  const { locale, duration } = useStatisticsFormat();
  const cells = (figures: Figures) => (
    <>
      <Table.Td ta="right">{formatPercent(figures.availability, locale, 2)}</Table.Td>
      <Table.Td ta="right">{duration(figures.downtimeSeconds)}</Table.Td>
      <Table.Td ta="right">{figures.failures}</Table.Td>
      <Table.Td ta="right">{duration(figures.mttrSeconds)}</Table.Td>
      <Table.Td ta="right">{duration(figures.maintenanceSeconds)}</Table.Td>
    </>
  );
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped verticalSpacing="xs" data-testid="availability-report">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('statistics.columns.location')}</Table.Th>
            <Table.Th>{t('statistics.columns.bay')}</Table.Th>
            <Table.Th ta="right">{t('statistics.columns.availability')}</Table.Th>
            <Table.Th ta="right">{t('statistics.columns.downtime')}</Table.Th>
            <Table.Th ta="right">{t('statistics.columns.failures')}</Table.Th>
            <Table.Th ta="right">{t('statistics.columns.mttr')}</Table.Th>
            <Table.Th ta="right">{t('statistics.columns.maintenance')}</Table.Th>
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
                </Group>
              </Table.Td>
              {cells(row)}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr className={totalClass} data-testid="availability-report-total">
            <Table.Td colSpan={2}>{t('statistics.report.total')}</Table.Td>
            {cells(report.total)}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
