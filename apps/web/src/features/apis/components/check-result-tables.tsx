import { Code, ScrollArea, Table, Text } from '@mantine/core';
import type { ApiCheckResult } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { LevelBadge } from '../../../components/level-badge';
import { useValueFormat } from '../../../lib/value-format';
import { valueAt } from '../records';

/** The records a check found: each one's key value (by `identifier`) and the record itself, cut to two lines. */
export function RecordsTable({
  records,
  identifier,
}: {
  records: ApiCheckResult['records'];
  identifier: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <ScrollArea.Autosize mah={320}>
      <Table striped withTableBorder aria-label={t('apis.check.recordsTable')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={60}>#</Table.Th>
            <Table.Th>
              {t('apis.check.keyValue')} {identifier && <Code>{identifier}</Code>}
            </Table.Th>
            <Table.Th>{t('apis.check.record')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((record, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: records have no identity of their own
            <Table.Tr key={index}>
              <Table.Td>{index + 1}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={600} ff="monospace">
                  {identifier ? String(valueAt(record, identifier) ?? '–') : '–'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="xs" ff="monospace" lineClamp={2} style={{ wordBreak: 'break-all' }}>
                  {JSON.stringify(record)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

/** The bay attributes a check read: bay, name and path, value, level and why. */
export function AttributesTable({ attributes }: { attributes: ApiCheckResult['attributes'] }) {
  const format = useValueFormat();
  return (
    <Table withTableBorder>
      <Table.Tbody>
        {attributes.map((attribute) => (
          <Table.Tr key={attribute.bayMetricId}>
            <Table.Td>{attribute.bayName}</Table.Td>
            <Table.Td>
              {attribute.labels.name}{' '}
              <Text span size="xs" c="dimmed" ff="monospace">
                {attribute.path}
              </Text>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {format.value(attribute.value, attribute.labels, attribute.type)}
            </Table.Td>
            <Table.Td>
              <LevelBadge level={isLevel(attribute.level) ? attribute.level : 'nodata'} />
            </Table.Td>
            <Table.Td>
              <Text size="xs" c="dimmed">
                {(isLevel(attribute.level) &&
                  attribute.level !== 'nodata' &&
                  format.phrase({ ...attribute, level: attribute.level })) ||
                  attribute.reason}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function isLevel(level: string): level is 'active' | 'inactive' | 'warning' | 'critical' | 'nodata' {
  return ['active', 'inactive', 'warning', 'critical', 'nodata'].includes(level);
}
