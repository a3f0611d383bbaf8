import { Badge, Text } from '@mantine/core';
import { LOCATION_SORT_COLUMNS, type Location } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../components/anchor-link';
import { StatusCounts } from '../../../components/bay-status/status-counts';
import { ServerDataTable, type ServerTableProps } from '../../../components/server-table/server-data-table';
import { toSortColumn } from '../../../components/server-table/sort-column';
import type { LocationSortColumn } from '../../../lib/queries/get-locations';

/** The table's accessor for the bay count is `bayCount`; the API sorts it as `bays`. */
export function toLocationSortColumn(accessor: unknown): LocationSortColumn {
  return toSortColumn(accessor, LOCATION_SORT_COLUMNS, 'name', { bayCount: 'bays' });
}

export function LocationsTable(props: ServerTableProps<Location>) {
  const { t } = useTranslation();
  return (
    <ServerDataTable<Location>
      {...props}
      aria-label={t('locations.tableLabel')}
      columns={[
        {
          accessor: 'name',
          title: t('locations.columns.name'),
          sortable: true,
          render: (location) => (
            <AnchorLink
              to="/locations/$locationId"
              params={{ locationId: location.id }}
              size="sm"
              fw={600}
              c="var(--mantine-color-text)"
              onClick={(event) => event.stopPropagation()}
            >
              {location.name}
            </AnchorLink>
          ),
        },
        {
          accessor: 'address',
          title: t('locations.columns.address'),
          render: (location) => `${location.address}, ${location.postalCode}`,
        },
        { accessor: 'city', title: t('locations.columns.city'), sortable: true },
        {
          accessor: 'bayCount',
          title: t('locations.columns.bays'),
          sortable: true,
          textAlign: 'right',
          render: (location) => (
            <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {location.bayCount}
            </Text>
          ),
        },
        {
          accessor: 'statusCounts',
          title: t('locations.columns.status'),
          render: (location) => <StatusCounts counts={location.statusCounts} />,
        },
        {
          accessor: 'isVisibleInDashboard',
          title: t('locations.columns.visible'),
          render: (location) =>
            location.isVisibleInDashboard ? (
              <Badge variant="light" color="green">
                {t('locations.visible.yes')}
              </Badge>
            ) : (
              <Badge variant="light" color="gray">
                {t('locations.visible.no')}
              </Badge>
            ),
        },
      ]}
    />
  );
}
