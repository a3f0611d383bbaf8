import { Text } from '@mantine/core';
import type { Api } from '@vaskedrift/shared';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../components/anchor-link';
import { ServerDataTable, type ServerTableProps } from '../../../components/server-table/server-data-table';
import { formatDateTime } from '../../../lib/format';
import { formatPercent, formatRelativeTime, urlHost } from '../../../lib/relative-time';
import { authMethodLabel } from '../auth-method-label';
import { ApiStatusSwitch } from './api-status-switch';
import { HealthDot } from './health-dot';

/** API connections: name, host, auth, interval, on/off, last check and 24-hour success rate. */
export function ApisTable(props: ServerTableProps<Api>) {
  const { t, i18n } = useTranslation();
  const columns: DataTableColumn<Api>[] = [
    {
      accessor: 'name',
      title: t('apis.columns.name'),
      sortable: true,
      render: (api) => (
        <AnchorLink
          to="/integrations/apis/$apiId"
          params={{ apiId: api.id }}
          size="sm"
          fw={600}
          c="var(--mantine-color-text)"
          onClick={(event) => event.stopPropagation()}
        >
          {api.name}
        </AnchorLink>
      ),
    },
    {
      accessor: 'endpointUrl',
      title: t('apis.columns.host'),
      render: (api) => (
        <Text size="sm" ff="monospace" title={api.endpointUrl}>
          {urlHost(api.endpointUrl)}
        </Text>
      ),
    },
    {
      accessor: 'authMethod',
      title: t('apis.columns.authMethod'),
      render: (api) => <Text size="sm">{authMethodLabel(api.authMethod, t)}</Text>,
    },
    {
      accessor: 'checkInterval',
      title: t('apis.columns.interval'),
      sortable: true,
      textAlign: 'right',
      render: (api) => t('apis.seconds', { count: api.checkInterval }),
    },
    {
      accessor: 'status',
      title: t('apis.columns.status'),
      sortable: true,
      render: (api) => <ApiStatusSwitch api={api} />,
    },
    {
      accessor: 'lastCheckAt',
      title: t('apis.columns.lastCheck'),
      sortable: true,
      render: (api) => (
        <span title={formatDateTime(api.lastCheckAt, i18n.language) ?? undefined}>
          <HealthDot health={api.health}>
            {formatRelativeTime(api.lastCheckAt, i18n.language) ?? t('common.never')}
          </HealthDot>
        </span>
      ),
    },
    {
      accessor: 'successRate24h',
      title: t('apis.columns.successRate'),
      textAlign: 'right',
      render: (api) => (
        <Text size="sm" c={api.successRate24h != null && api.successRate24h < 0.9 ? 'red' : undefined}>
          {formatPercent(api.successRate24h, i18n.language) ?? '–'}
        </Text>
      ),
    },
  ];

  return <ServerDataTable<Api> {...props} columns={columns} />;
}
