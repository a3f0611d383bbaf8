import {
  ActionIcon,
  Card,
  Code,
  CopyButton,
  Grid,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { Api } from '@vaskedrift/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../components/anchor-link';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadError } from '../../../components/load-error';
import { formatDateTime } from '../../../lib/format';
import { formatPercent, formatRelativeTime } from '../../../lib/relative-time';
import { useApiLogs } from '../api/get-api-logs';
import { ApiLogsTable } from '../components/api-logs-table';
import { useRouteApi } from '../use-route-api';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

function Details({ api }: { api: Api }) {
  const { t, i18n } = useTranslation();
  const when = (iso: string | null) =>
    iso ? (
      <span title={formatDateTime(iso, i18n.language) ?? undefined}>
        {formatRelativeTime(iso, i18n.language)}
      </span>
    ) : (
      t('common.never')
    );
  return (
    <Card padding="lg" h="100%">
      <Stack gap="md">
        <Title order={3} fz="md">
          {t('apis.overview.details')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" verticalSpacing="md">
          <Field label={t('apis.overview.interval')}>{t('apis.seconds', { count: api.checkInterval })}</Field>
          <Field label={t('apis.overview.lastCheck')}>{when(api.lastCheckAt)}</Field>
          <Field label={t('apis.overview.lastSuccess')}>{when(api.lastSuccessAt)}</Field>
          <Field label={t('apis.overview.nextCheck')}>
            {api.nextCheckAt ? formatDateTime(api.nextCheckAt, i18n.language) : '–'}
          </Field>
          <Field label={t('apis.overview.successRate')}>
            {formatPercent(api.successRate24h, i18n.language) ?? '–'}{' '}
            <Text span c="dimmed" size="xs">
              {t('apis.overview.checks', { count: api.checks24h })}
            </Text>
          </Field>
          <Field label={t('apis.overview.averageDuration')}>
            {api.averageDurationMs24h != null
              ? t('apis.ms', { count: Math.round(api.averageDurationMs24h) })
              : '–'}
          </Field>
          <Field label={t('apis.overview.failures')}>{api.consecutiveFailures}</Field>
          <Field label={t('apis.overview.metricCount')}>
            <AnchorLink to="/integrations/apis/$apiId/metrics" params={{ apiId: api.id }} size="sm">
              {api.metricCount}
            </AnchorLink>
          </Field>
          <Field label={t('apis.overview.created')}>{formatDateTime(api.createdAt, i18n.language)}</Field>
        </SimpleGrid>
        {api.lastError && (
          <Field label={t('apis.overview.lastError')}>
            <Text size="sm" c="red">
              {api.lastError}
            </Text>
          </Field>
        )}
      </Stack>
    </Card>
  );
}

function PushUrl({ api }: { api: Api }) {
  const { t } = useTranslation();
  const url = `${window.location.origin}${api.pushPath}`;
  return (
    <Card padding="lg" h="100%">
      <Stack gap="sm">
        <Title order={3} fz="md">
          {t('apis.overview.pushUrl')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('apis.overview.pushHint')}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Code block style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
            {url}
          </Code>
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('apis.overview.copied') : t('apis.overview.copy')} withArrow>
                <ActionIcon
                  variant="default"
                  size="lg"
                  onClick={copy}
                  aria-label={t('apis.overview.copy')}
                  color={copied ? 'green' : undefined}
                >
                  {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Card>
  );
}

/** /integrations/apis/{apiId}: details, the push URL and the last checks. */
export function ApiOverviewPage() {
  const { t } = useTranslation();
  const { apiId, api } = useRouteApi();
  const logs = useApiLogs({ apiId, page: 1, perPage: 5 });
  if (!api.data) return null;
  return (
    <Stack gap="lg">
      <Grid>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Details api={api.data} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <PushUrl api={api.data} />
        </Grid.Col>
      </Grid>
      <Card padding="lg">
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={3} fz="md">
              {t('apis.overview.lastChecks')}
            </Title>
            <AnchorLink to="/integrations/apis/$apiId/logs" params={{ apiId }} size="sm">
              {t('apis.overview.allLogs')}
            </AnchorLink>
          </Group>
          {logs.isPending ? (
            <ListSkeleton rows={3} />
          ) : logs.isError && !logs.data ? (
            <LoadError error={logs.error} onRetry={() => logs.refetch()} retrying={logs.isFetching} />
          ) : (
            <ApiLogsTable records={logs.data?.data ?? []} fetching={false} />
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
