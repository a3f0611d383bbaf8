import { Avatar, Group } from '@mantine/core';
import type { User, UserSortColumn } from '@vaskedrift/shared';
import { USER_SORT_COLUMNS } from '@vaskedrift/shared';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../components/anchor-link';
import { pageSizeOptions, useDataTableTexts } from '../../../components/use-data-table-texts';
import { formatDateTime, fullName, initials } from '../../../lib/format';
import { GroupBadges } from './group-badges';
import { RoleBadge } from './role-badge';
import { StatusBadge } from './status-badge';

export function isUserSortColumn(column: unknown): column is UserSortColumn {
  return USER_SORT_COLUMNS.some((known) => known === column);
}

export function UsersTable({
  users,
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
  users: User[];
  total: number;
  fetching: boolean;
  page: number;
  perPage: number;
  sortStatus: DataTableSortStatus<User>;
  emptyText: string;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
  onSortStatusChange: (status: DataTableSortStatus<User>) => void;
  onOpen: (user: User) => void;
}) {
  const { t, i18n } = useTranslation();
  const texts = useDataTableTexts(emptyText);
  return (
    <DataTable<User>
      {...texts.empty}
      {...texts.pagination}
      minHeight={users.length === 0 ? 180 : undefined}
      highlightOnHover
      verticalSpacing="sm"
      records={users}
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
          accessor: 'firstName',
          title: t('users.columns.name'),
          sortable: true,
          noWrap: true,
          render: (user) => (
            <Group gap="sm" wrap="nowrap">
              <Avatar color="brand" radius="md" size={32}>
                {initials(user)}
              </Avatar>
              <AnchorLink
                to="/admin/users/$userId"
                params={{ userId: user.id }}
                size="sm"
                fw={600}
                c="var(--mantine-color-text)"
                onClick={(event) => event.stopPropagation()}
              >
                {fullName(user)}
              </AnchorLink>
            </Group>
          ),
        },
        { accessor: 'email', title: t('users.columns.email'), sortable: true },
        {
          accessor: 'role',
          title: t('users.columns.role'),
          sortable: true,
          render: (user) => <RoleBadge role={user.role} />,
        },
        {
          accessor: 'groups',
          title: t('users.columns.groups'),
          render: (user) => <GroupBadges groups={user.groups} />,
        },
        {
          accessor: 'lastSignInAt',
          title: t('users.columns.lastSignIn'),
          sortable: true,
          noWrap: true,
          render: (user) => formatDateTime(user.lastSignInAt, i18n.language) ?? t('common.never'),
        },
        {
          accessor: 'disabledAt',
          title: t('users.columns.status'),
          render: (user) => <StatusBadge disabledAt={user.disabledAt} />,
        },
      ]}
    />
  );
}
