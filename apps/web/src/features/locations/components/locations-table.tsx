import { Badge, Text } from '@mantine/core';
import { LOCATION_SORT_COLUMNS, type Location } from '@vaskedrift/shared';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../components/anchor-link';
import { pageSizeOptions, useDataTableTexts } from '../../../components/use-data-table-texts';
import { StatusCounts } from '../../bays/components/status-counts';
import type { LocationSortColumn } from '../api/get-locations';

/** The table's accessor for the bay count is `bayCount`; the API sorts it as `bays`. */
export function toLocationSortColumn(accessor: unknown): LocationSortColumn {
  if (accessor === 'bayCount') return 'bays';
  return LOCATION_SORT_COLUMNS.find((column) => column === accessor) ?? 'name';
}

export function LocationsTable({
  locations,
  total,
  fetching,
  page,
  perPage,
  sortStatus,
  emptyText,
  onPageChange,
  onPerPageChange,
  onSortStatusChange,
  onOpen,
}: {
  locations: Location[];
  total: number;
  fetching: boolean;
  page: number;
  perPage: number;
  sortStatus: DataTableSortStatus<Location>;
  emptyText: string;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
  onSortStatusChange: (status: DataTableSortStatus<Location>) => void;
  onOpen: (location: Location) => void;
}) {
  const { t } = useTranslation();
  const texts = useDataTableTexts(emptyText);
  return (
    <DataTable<Location>
      {...texts.empty}
      {...texts.pagination}
      recordsPerPageLabel={texts.recordsPerPageLabel}
      aria-label={t('locations.tableLabel')}
      minHeight={locations.length === 0 ? 180 : undefined}
      highlightOnHover
      verticalSpacing="sm"
      records={locations}
      fetching={fetching}
      totalRecords={total}
      page={page}
      onPageChange={onPageChange}
      recordsPerPage={perPage}
      recordsPerPageOptions={pageSizeOptions(perPage)}
      onRecordsPerPageChange={onPerPageChange}
      sortStatus={sortStatus}
      onSortStatusChange={onSortStatusChange}
      onRowClick={({ record }) => onOpen(record)}
      rowStyle={() => ({ cursor: 'pointer' })}
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
