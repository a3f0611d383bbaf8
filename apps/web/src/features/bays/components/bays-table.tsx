import { Group, Text } from '@mantine/core';
import { BAY_SORT_COLUMNS, type Bay } from '@vaskedrift/shared';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../components/anchor-link';
import { BayStatusBadge } from '../../../components/bay-status/bay-status-badge';
import { UnmonitoredBadge } from '../../../components/bay-status/unmonitored-badge';
import { ServerDataTable, type ServerTableProps } from '../../../components/server-table/server-data-table';
import { toSortColumn } from '../../../components/server-table/sort-column';
import { formatDateTime } from '../../../lib/format';
import type { BaySortColumn } from '../../../lib/queries/get-bays';

export function toBaySortColumn(accessor: unknown, fallback: BaySortColumn = 'name'): BaySortColumn {
  return toSortColumn(accessor, BAY_SORT_COLUMNS, fallback);
}

/**
 * Bays with their status ('Ikke overvåket' beside it for a bay not monitored) and since when. `showLocation` adds the facility column (the all-bays page);
 * a facility's own page shows the sort order instead.
 */
export function BaysTable({ showLocation, ...props }: ServerTableProps<Bay> & { showLocation: boolean }) {
  const { t, i18n } = useTranslation();
  const columns: DataTableColumn<Bay>[] = [
    {
      accessor: 'name',
      title: t('bays.columns.name'),
      sortable: true,
      render: (bay) => (
        <AnchorLink
          to="/locations/$locationId/bays/$bayId"
          params={{ locationId: bay.locationId, bayId: bay.id }}
          size="sm"
          fw={600}
          c="var(--mantine-color-text)"
          onClick={(event) => event.stopPropagation()}
        >
          {bay.name}
        </AnchorLink>
      ),
    },
    ...(showLocation
      ? [
          {
            accessor: 'locationName',
            title: t('bays.columns.location'),
            sortable: true,
            render: (bay: Bay) => (
              <AnchorLink
                to="/locations/$locationId"
                params={{ locationId: bay.locationId }}
                size="sm"
                onClick={(event) => event.stopPropagation()}
              >
                {bay.locationName}
              </AnchorLink>
            ),
          },
        ]
      : []),
    {
      accessor: 'status',
      title: t('bays.columns.status'),
      sortable: true,
      render: (bay) => (
        <Group gap={6}>
          <BayStatusBadge status={bay.status} />
          {!bay.monitored && <UnmonitoredBadge />}
        </Group>
      ),
    },
    {
      accessor: 'statusChangedAt',
      title: t('bays.columns.since'),
      sortable: true,
      render: (bay) => (
        <Text size="sm" c="dimmed">
          {formatDateTime(bay.statusChangedAt, i18n.language)}
        </Text>
      ),
    },
    ...(showLocation
      ? []
      : [
          {
            accessor: 'sortOrder',
            title: t('bays.columns.sortOrder'),
            sortable: true,
            textAlign: 'right' as const,
          },
        ]),
  ];

  return <ServerDataTable<Bay> {...props} columns={columns} />;
}
