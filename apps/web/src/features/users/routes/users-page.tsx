import { Button, Card, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import type { User } from '@vaskedrift/shared';
import type { DataTableSortStatus } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { useItemsPerPage } from '../../../lib/user-data-query';
import { useUsers } from '../api/get-users';
import { CreateUserModal } from '../components/create-user-modal';
import { isUserSortColumn, UsersTable } from '../components/users-table';

export function UsersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [createOpened, createModal] = useDisclosure(false);
  const itemsPerPage = useItemsPerPage();
  const [perPage, setPerPage] = useState(itemsPerPage);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<User>>({
    columnAccessor: 'firstName',
    direction: 'asc',
  });
  const sortColumn = isUserSortColumn(sortStatus.columnAccessor) ? sortStatus.columnAccessor : 'firstName';
  const users = useUsers({
    page,
    perPage,
    search: debouncedSearch,
    sort: { column: sortColumn, direction: sortStatus.direction },
  });

  return (
    <>
      <PageHeader
        description={t('users.subtitle')}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={createModal.open}>
            {t('users.new')}
          </Button>
        }
      />
      <Card padding="lg">
        <Stack gap="md">
          <TextInput
            aria-label={t('users.search')}
            placeholder={t('users.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            maw={360}
          />
          {users.isPending ? (
            <ListSkeleton rows={Math.min(perPage, 8)} />
          ) : users.isError && !users.data ? (
            <LoadError error={users.error} onRetry={() => users.refetch()} retrying={users.isFetching} />
          ) : (
            <UsersTable
              users={users.data?.data ?? []}
              total={users.data?.count ?? 0}
              fetching={users.isFetching}
              page={page}
              perPage={perPage}
              sortStatus={sortStatus}
              emptyText={debouncedSearch.trim() ? t('users.emptySearch') : t('users.empty')}
              onPageChange={setPage}
              onPerPageChange={(size) => {
                setPerPage(size);
                setPage(1);
              }}
              onSortStatusChange={(status) => {
                setSortStatus(status);
                setPage(1);
              }}
              onOpen={(user) => void navigate({ to: '/admin/users/$userId', params: { userId: user.id } })}
            />
          )}
        </Stack>
      </Card>
      <CreateUserModal opened={createOpened} onClose={createModal.close} />
    </>
  );
}
