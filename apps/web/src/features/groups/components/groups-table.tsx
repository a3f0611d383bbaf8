import { ColorSwatch, Group as Row, Text } from '@mantine/core';
import type { Group } from '@vaskedrift/shared';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../components/anchor-link';
import { pageSizeOptions, useDataTableTexts } from '../../../components/use-data-table-texts';
import type { GroupSortColumn } from '../api/get-groups';

const SORTABLE: readonly string[] = [
  'name',
  'description',
  'memberCount',
  'createdAt',
] satisfies GroupSortColumn[];

export function isGroupSortColumn(column: unknown): column is GroupSortColumn {
  return typeof column === 'string' && SORTABLE.includes(column);
}

export function GroupsTable({
  groups,
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
  groups: Group[];
  total: number;
  fetching: boolean;
  page: number;
  perPage: number;
  sortStatus: DataTableSortStatus<Group>;
  emptyText: string;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
  onSortStatusChange: (status: DataTableSortStatus<Group>) => void;
  onOpen: (group: Group) => void;
}) {
  const { t } = useTranslation();
  const texts = useDataTableTexts(emptyText);
  return (
    <DataTable<Group>
      {...texts.empty}
      {...texts.pagination}
      minHeight={groups.length === 0 ? 180 : undefined}
      highlightOnHover
      verticalSpacing="sm"
      records={groups}
      fetching={fetching}
      totalRecords={total}
      page={page}
      onPageChange={onPageChange}
      recordsPerPage={perPage}
      recordsPerPageOptions={pageSizeOptions(perPage)}
      recordsPerPageLabel={texts.recordsPerPageLabel}
      onRecordsPerPageChange={onPerPageChange}
      sortStatus={sortStatus}
      onSortStatusChange={onSortStatusChange}
      onRowClick={({ record }) => onOpen(record)}
      rowStyle={() => ({ cursor: 'pointer' })}
      columns={[
        {
          accessor: 'name',
          title: t('groups.columns.name'),
          sortable: true,
          render: (group) => (
            <Row gap="sm" wrap="nowrap">
              <ColorSwatch color={group.config.color} size={14} withShadow={false} aria-hidden />
              <AnchorLink
                to="/admin/groups/$groupId"
                params={{ groupId: group.id }}
                size="sm"
                fw={600}
                c="var(--mantine-color-text)"
                onClick={(event) => event.stopPropagation()}
              >
                {group.name}
              </AnchorLink>
            </Row>
          ),
        },
        {
          accessor: 'description',
          title: t('groups.columns.description'),
          sortable: true,
          render: (group) => (
            <Text size="sm" c="dimmed" lineClamp={2}>
              {group.description}
            </Text>
          ),
        },
        {
          accessor: 'color',
          title: t('groups.columns.color'),
          render: (group) => (
            <Row gap={8} wrap="nowrap">
              <ColorSwatch color={group.config.color} size={20} radius="sm" />
              <Text size="xs" ff="monospace" c="dimmed">
                {group.config.color.toUpperCase()}
              </Text>
            </Row>
          ),
        },
        {
          accessor: 'memberCount',
          title: t('groups.columns.members'),
          sortable: true,
          textAlign: 'right',
        },
      ]}
    />
  );
}
