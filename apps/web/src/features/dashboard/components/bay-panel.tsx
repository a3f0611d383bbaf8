import { Drawer, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconExternalLink } from '@tabler/icons-react';
import { type BayMetric, canManageFacilities, OPERATOR_SYMBOLS, THRESHOLD_ORDER } from '@vaskedrift/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BayStatusBadge } from '../../../components/bay-status/bay-status-badge';
import { formatSince, formatTimeAgo } from '../../../components/bay-status/status-since';
import { ButtonLink } from '../../../components/button-link';
import { LevelBadge } from '../../../components/level-badge';
import { LoadError } from '../../../components/load-error';
import { useAuth } from '../../../lib/auth-context';
import { formatDateTime } from '../../../lib/format';
import { formatRelativeTime } from '../../../lib/relative-time';
import { useAlerts } from '../../alerts';
import { useBayMetrics } from '../../bay-metrics';
import { BAY_ID, BAY_NAME, BAY_SINCE, BAY_STATUS, type DashboardLocation, findBay } from '../dashboard-model';
import { OpenAlertItem } from './open-alert-item';

/** A bay has a handful of attributes and alerts; one page holds them all. */
const PANEL_PAGE = { page: 1, perPage: 100 } as const;

function formatValue(value: BayMetric['lastValue']): string {
  return value == null ? '–' : String(value);
}

/** One attribute: its value and level against the thresholds that are in use. */
function MetricRow({ metric }: { metric: BayMetric }) {
  const { t, i18n } = useTranslation();
  const thresholds = THRESHOLD_ORDER.filter(({ field }) => metric[field].trim() !== '');
  return (
    <Paper
      withBorder
      p="xs"
      radius="md"
      data-metric={metric.apiMetricName}
      data-level={metric.lastLevel ?? 'nodata'}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        {/* The value's path tells a bay's attributes apart: they often share one API attribute. */}
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} ff="monospace" truncate>
            {metric.path}
          </Text>
          <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed" truncate>
              {metric.apiMetricName}
            </Text>
            <Text size="xs" c="dimmed" aria-hidden>
              ·
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {metric.apiName}
            </Text>
          </Group>
        </Stack>
        <Group gap={8} wrap="nowrap">
          <Text ff="monospace" fw={700}>
            {formatValue(metric.lastValue)}
          </Text>
          <LevelBadge level={metric.lastLevel} />
        </Group>
      </Group>
      <Text size="xs" c="dimmed" mt={6}>
        {thresholds
          .map(
            ({ level, field }) =>
              `${t(`bayMetrics.levels.${level}`)} ${OPERATOR_SYMBOLS[metric.operator]} ${metric[field]}`,
          )
          .join(' · ')}
      </Text>
      <Text size="xs" c="dimmed" mt={4} title={formatDateTime(metric.lastReadAt, i18n.language) ?? undefined}>
        {metric.lastReadAt
          ? t('dashboard.panel.readAt', { time: formatRelativeTime(metric.lastReadAt, i18n.language) })
          : t('dashboard.panel.notRead')}
        {!metric.evaluated && ` · ${t('dashboard.panel.notEvaluated')}`}
      </Text>
    </Paper>
  );
}

function PanelSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={3} fz="sm" tt="uppercase" c="dimmed">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function ListState<T>({
  query,
  children,
}: {
  query: {
    data?: { data: T[] };
    isPending: boolean;
    isError: boolean;
    error: unknown;
    isFetching: boolean;
    refetch: () => unknown;
  };
  children: (rows: T[]) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <Skeleton height={64} radius="md" aria-label={t('app.loading')} />;
  if (query.isError && !query.data)
    return <LoadError error={query.error} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  const rows = query.data?.data ?? [];
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('common.empty')}
      </Text>
    );
  return <>{children(rows)}</>;
}

/** What the panel shows once the bay is known: why it has its status, and its open alerts. */
function BayPanelBody({ bayId }: { bayId: string }) {
  const { t } = useTranslation();
  const metrics = useBayMetrics({ ...PANEL_PAGE, filters: { bayId } });
  const alerts = useAlerts({ ...PANEL_PAGE, filters: { bayId, state: 'open' } });
  return (
    <Stack gap="lg">
      <PanelSection title={t('dashboard.panel.why')}>
        <ListState query={metrics}>
          {(rows) => rows.map((metric) => <MetricRow key={metric.id} metric={metric} />)}
        </ListState>
      </PanelSection>
      <PanelSection title={t('alerts.open')}>
        <ListState query={alerts}>
          {(rows) => rows.map((alert) => <OpenAlertItem key={alert.id} alert={alert} />)}
        </ListState>
      </PanelSection>
    </Stack>
  );
}

/**
 * The bay panel of the dashboard: a drawer on the right, the whole screen from below on a phone. Its
 * requests start only when it opens; the bay itself comes from the dashboard's data.
 */
export function BayPanel({
  bayId,
  locations,
  loading,
  onClose,
}: {
  bayId: string | undefined;
  locations: readonly DashboardLocation[];
  loading: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { role } = useAuth();
  const phone = useMediaQuery('(max-width: 36em)');
  const found = bayId ? findBay(locations, bayId) : null;
  const name = found ? found.bay[BAY_NAME] : t('dashboard.panel.title');
  return (
    <Drawer
      opened={bayId != null}
      onClose={onClose}
      position={phone ? 'bottom' : 'right'}
      size={phone ? '100%' : 'md'}
      title={
        <Title order={2} fz="lg">
          {name}
        </Title>
      }
      closeButtonProps={{ 'aria-label': t('dashboard.panel.close') }}
    >
      {!bayId ? null : found ? (
        <Stack gap="lg">
          <Stack gap={6}>
            <Text size="sm" c="dimmed">
              {found.location.name}
            </Text>
            <Group gap="xs">
              <BayStatusBadge status={found.bay[BAY_STATUS]} size="lg" />
              <Text size="sm">
                {t('dashboard.tile.since', {
                  time: formatSince(found.bay[BAY_SINCE], i18n.language),
                  ago: formatTimeAgo(found.bay[BAY_SINCE], Date.now(), i18n.language),
                })}
              </Text>
            </Group>
            {role != null && canManageFacilities(role) && (
              <Group>
                <ButtonLink
                  to="/locations/$locationId/bays/$bayId"
                  params={{ locationId: found.location.id, bayId: found.bay[BAY_ID] }}
                  variant="light"
                  size="xs"
                  leftSection={<IconExternalLink size={14} aria-hidden />}
                >
                  {t('dashboard.panel.openBay')}
                </ButtonLink>
              </Group>
            )}
          </Stack>
          <BayPanelBody bayId={bayId} />
        </Stack>
      ) : loading ? (
        <Skeleton height={120} radius="md" aria-label={t('app.loading')} />
      ) : (
        <Text c="dimmed">{t('common.empty')}</Text>
      )}
    </Drawer>
  );
}
