import { Badge, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import type { Alert } from '@vaskedrift/shared';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../components/anchor-link';
import { ServerDataTable, type ServerTableProps } from '../../../components/server-table/server-data-table';
import { formatDateTime, fullName } from '../../../lib/format';
import { formatRelativeTime } from '../../../lib/relative-time';
import { alertReading, useValueFormat } from '../../../lib/value-format';

/**
 * Alerts of a facility. Open ones show since when and who looks at it, with 'Jeg ser på det' for those
 * who may acknowledge; resolved ones show when they were resolved.
 */
export function AlertsTable({
  resolved,
  canAcknowledge,
  acknowledging,
  onAcknowledge,
  ...props
}: ServerTableProps<Alert> & {
  resolved: boolean;
  canAcknowledge: boolean;
  acknowledging: string | null;
  onAcknowledge: (alert: Alert) => void;
}) {
  const { t, i18n } = useTranslation();
  const format = useValueFormat();
  const when = (iso: string | null) => (
    <Text size="sm" title={formatDateTime(iso, i18n.language) ?? undefined} style={{ whiteSpace: 'nowrap' }}>
      {formatRelativeTime(iso, i18n.language) ?? '–'}
    </Text>
  );
  const columns: DataTableColumn<Alert>[] = [
    {
      accessor: 'level',
      title: t('alerts.columns.level'),
      render: (alert) => (
        <Badge
          color={alert.level === 'critical' ? 'red' : 'yellow'}
          variant={resolved ? 'outline' : 'filled'}
        >
          {t(`alerts.levels.${alert.level}`)}
        </Badge>
      ),
    },
    {
      accessor: 'bayName',
      title: t('alerts.columns.bay'),
      render: (alert) => (
        <AnchorLink
          to="/locations/$locationId/bays/$bayId/metrics"
          params={{ locationId: alert.locationId, bayId: alert.bayId }}
          size="sm"
          fw={600}
        >
          {alert.bayName}
        </AnchorLink>
      ),
    },
    {
      accessor: 'attributeName',
      title: t('alerts.columns.attribute'),
      render: (alert) => (
        <div>
          <Text size="sm">{alert.attributeName}</Text>
          <Text size="xs" c="dimmed">
            {format.phrase(alertReading(alert)) || alert.reason}
          </Text>
        </div>
      ),
    },
    {
      accessor: 'lastValue',
      title: t('alerts.columns.value'),
      render: (alert) => (
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {format.value(alert.lastValue, alertReading(alert).labels, alertReading(alert).type)}
        </Text>
      ),
    },
    { accessor: 'openedAt', title: t('alerts.columns.since'), render: (alert) => when(alert.openedAt) },
    ...(resolved
      ? [
          {
            accessor: 'resolvedAt',
            title: t('alerts.columns.resolvedAt'),
            render: (alert: Alert) => when(alert.resolvedAt),
          },
        ]
      : []),
    {
      accessor: 'acknowledgedBy',
      title: t('alerts.columns.acknowledgedBy'),
      render: (alert) =>
        alert.acknowledgedBy ? (
          <Tooltip label={formatDateTime(alert.acknowledgedAt, i18n.language)} withArrow>
            <Group gap={6} wrap="nowrap">
              <IconEye size={14} aria-hidden />
              <Text size="sm">{fullName(alert.acknowledgedBy)}</Text>
            </Group>
          </Tooltip>
        ) : !resolved && canAcknowledge ? (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconEye size={14} aria-hidden />}
            loading={acknowledging === alert.id}
            onClick={() => onAcknowledge(alert)}
            aria-label={t('alerts.acknowledgeLabel', { bay: alert.bayName, attribute: alert.attributeName })}
          >
            {t('alerts.acknowledge')}
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            –
          </Text>
        ),
    },
  ];
  return (
    <ServerDataTable<Alert>
      {...props}
      columns={columns}
      rowAttributes={(alert) => ({ 'data-alert-level': alert.level })}
    />
  );
}
