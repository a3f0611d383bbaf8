import { Alert, Badge, Card, Code, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconKeyOff } from '@tabler/icons-react';
import { type ApiCheckResult, formatInteger } from '@vaskedrift/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../lib/format';
import { formatBytes } from '../../../lib/relative-time';
import { useValueFormat } from '../../../lib/value-format';
import { guessKeyIdentifier } from '../records';
import { AttributesTable, RecordsTable } from './check-result-tables';

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
 * pick the key identifier and paths; the error, when there was one, in a red alert. Each new result is
 * scrolled into view: the button sits at the end of a long form, and the answer would appear out of sight.
 */
export function CheckResult({ result, keyIdentifier }: { result: ApiCheckResult; keyIdentifier?: string }) {
  const { t, i18n } = useTranslation();
  const identifier = keyIdentifier ?? result.keyValues[0]?.keyIdentifier ?? guessKeyIdentifier(result.keys);
  const ref = useRef<HTMLElement>(null);
  const _format = useValueFormat();
  useEffect(() => {
    if (!result) return;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    ref.current?.scrollIntoView({ behavior: still ? 'auto' : 'smooth', block: 'start' });
  }, [result]);
  return (
    <Card
      ref={ref}
      padding="lg"
      withBorder
      aria-label={t('apis.check.title')}
      component="section"
      data-check-result
      style={{ scrollMarginTop: 'calc(var(--app-shell-header-height, 60px) + 1rem)' }}
    >
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
          <Stat
            label={t('apis.check.records')}
            value={formatInteger(result.recordCount, intlLocale(i18n.language))}
          />
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
            <RecordsTable records={result.records} identifier={identifier} />
          </Stack>
        ) : (
          result.ok && <Text c="dimmed">{t('apis.check.noRecords')}</Text>
        )}
        {result.attributes.length > 0 && (
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              {t('apis.check.attributes')}
            </Text>
            <AttributesTable attributes={result.attributes} />
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
