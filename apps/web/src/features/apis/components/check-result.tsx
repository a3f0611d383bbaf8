import {
  Alert,
  Badge,
  Card,
  Code,
  Group,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconKeyOff } from '@tabler/icons-react';
import type { ApiCheckResult } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { LevelBadge } from '../../../components/level-badge';
import { formatBytes } from '../../../lib/relative-time';
import { guessKeyIdentifier, valueAt } from '../records';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Stack>
  );
}

/**
 * What 'Test tilkobling' saw: HTTP status, time, size and records (with their key values) so an admin can
 * pick the key identifier and paths; the error, when there was one, in a red alert.
 */
export function CheckResult({ result, keyIdentifier }: { result: ApiCheckResult; keyIdentifier?: string }) {
  const { t, i18n } = useTranslation();
  const identifier = keyIdentifier ?? result.keyValues[0]?.keyIdentifier ?? guessKeyIdentifier(result.keys);
  return (
    <Card padding="lg" withBorder aria-label={t('apis.check.title')} component="section">
      <Stack gap="md">
        <Title order={3} fz="md">
          {t('apis.check.title')}
        </Title>
        {result.ok ? (
          <Alert
            color="green"
            variant="light"
            icon={<IconCircleCheck aria-hidden />}
            title={t('apis.check.ok')}
          >
            {t('apis.check.recordsFound', { count: result.recordCount ?? 0 })}
          </Alert>
        ) : (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden />}
            title={t('apis.check.failed')}
          >
            {result.error}
          </Alert>
        )}
        {result.hint && (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconKeyOff aria-hidden />}
            title={t('apis.check.secretsNotSent')}
          >
            {result.hint}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Stat label={t('apis.check.httpStatus')} value={result.httpStatus?.toString() ?? '–'} />
          <Stat label={t('apis.check.duration')} value={t('apis.ms', { count: result.durationMs })} />
          <Stat label={t('apis.check.bytes')} value={formatBytes(result.bytes, i18n.language) ?? '–'} />
          <Stat label={t('apis.check.records')} value={result.recordCount?.toString() ?? '–'} />
        </SimpleGrid>
        {result.keys.length > 0 && (
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              {t('apis.check.keys')}
            </Text>
            <Group gap={6}>
              {result.keys.map((key) => (
                <Badge key={key} variant="default" tt="none" ff="monospace" fw={500}>
                  {key}
                </Badge>
              ))}
            </Group>
          </Stack>
        )}
        {result.keyValues.length > 0 && (
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              {t('apis.check.keyValues')}
            </Text>
            {result.keyValues.map((entry) => (
              <Text size="sm" key={entry.apiMetricId}>
                <Text span fw={600}>
                  {entry.name}
                </Text>{' '}
                (<Code>{entry.keyIdentifier}</Code>): {entry.values.join(', ') || '–'}
              </Text>
            ))}
          </Stack>
        )}
        {result.records.length > 0 ? (
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              {t('apis.check.recordList', { shown: result.records.length, total: result.recordCount ?? 0 })}
            </Text>
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
                  {result.records.map((record, index) => (
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
          </Stack>
        ) : (
          result.ok && <Text c="dimmed">{t('apis.check.noRecords')}</Text>
        )}
        {result.attributes.length > 0 && (
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              {t('apis.check.attributes')}
            </Text>
            <Table withTableBorder>
              <Table.Tbody>
                {result.attributes.map((attribute) => (
                  <Table.Tr key={attribute.bayMetricId}>
                    <Table.Td>{attribute.bayName}</Table.Td>
                    <Table.Td>{attribute.apiMetricName}</Table.Td>
                    <Table.Td ff="monospace">{JSON.stringify(attribute.value) ?? '–'}</Table.Td>
                    <Table.Td>
                      <LevelBadge level={isLevel(attribute.level) ? attribute.level : 'nodata'} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs" c="dimmed">
                        {attribute.reason}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function isLevel(level: string): level is 'active' | 'inactive' | 'warning' | 'critical' | 'nodata' {
  return ['active', 'inactive', 'warning', 'critical', 'nodata'].includes(level);
}
