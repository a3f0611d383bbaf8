import { Badge, Group, Progress, Table, Text } from '@mantine/core';
import type { BayFigures } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../components/anchor-link';
import { UnmonitoredBadge } from '../../../components/bay-status/unmonitored-badge';
import { formatInteger, formatPercent } from '../../../components/charts';
import { useStatisticsFormat } from '../use-statistics-format';

const availabilityColor = (value: number | null) =>
  value == null ? 'gray' : value >= 99 ? 'green' : value >= 95 ? 'yellow' : 'red';

/**
 * A facility's bays by availability, worst first (the server's order), each linking to its statistics; a bay
 * not monitored in the period last, with 'Ingen data' and 'Ikke overvåket' instead of figures never measured.
 */
export function BayRankingTable({ locationId, bays }: { locationId: string; bays: readonly BayFigures[] }) {
  const { t } = useTranslation();
  const { locale, duration } = useStatisticsFormat();
  if (bays.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t('common.empty')}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="bay-ranking">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('statistics.columns.bay')}</Table.Th>
            <Table.Th>{t('statistics.columns.availability')}</Table.Th>
            <Table.Th ta="right">{t('statistics.columns.downtime')}</Table.Th>
            <Table.Th ta="right">{t('statistics.columns.failures')}</Table.Th>
            <Table.Th ta="right">{t('statistics.columns.warnings')}</Table.Th>
            <Table.Th ta="right">{t('statistics.columns.mttr')}</Table.Th>
            <Table.Th ta="right">{t('statistics.columns.unusual')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {bays.map((bay) => {
            const observed = bay.observedSeconds > 0;
            const none = t('statistics.none');
            return (
              <Table.Tr key={bay.bayId} data-observed={observed}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {bay.deleted ? (
                      <Text size="sm">{bay.bayName}</Text>
                    ) : (
                      <AnchorLink
                        size="sm"
                        to="/locations/$locationId/bays/$bayId/statistics"
                        params={{ locationId, bayId: bay.bayId }}
                      >
                        {bay.bayName}
                      </AnchorLink>
                    )}
                    {bay.deleted && (
                      <Badge size="xs" variant="light" color="gray">
                        {t('statistics.deleted')}
                      </Badge>
                    )}
                    {!observed && <UnmonitoredBadge size="xs" />}
                  </Group>
                </Table.Td>
                <Table.Td miw={150}>
                  <Group gap="xs" wrap="nowrap">
                    <Progress
                      value={bay.availability ?? 0}
                      color={availabilityColor(bay.availability)}
                      w={70}
                      aria-hidden
                    />
                    <Text size="sm">
                      {observed ? formatPercent(bay.availability, locale) : t('statistics.noData')}
                    </Text>
                  </Group>
                </Table.Td>
                <Table.Td ta="right">{observed ? duration(bay.downtimeSeconds) : none}</Table.Td>
                <Table.Td ta="right">{observed ? formatInteger(bay.failures, locale) : none}</Table.Td>
                <Table.Td ta="right">{observed ? formatInteger(bay.warnings, locale) : none}</Table.Td>
                <Table.Td ta="right">{observed ? duration(bay.mttrSeconds) : none}</Table.Td>
                <Table.Td ta="right">
                  {bay.unusualMarks === null ? none : formatInteger(bay.unusualMarks, locale)}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
