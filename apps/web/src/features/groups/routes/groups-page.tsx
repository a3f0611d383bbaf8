import { Button, Card, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import type { Group } from '@vaskedrift/shared';
import type { DataTableSortStatus } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { useItemsPerPage } from '../../../lib/user-data-query';
import { useGroups } from '../api/get-groups';
import { CreateGroupModal } from '../components/create-group-modal';
import { GroupsTable, isGroupSortColumn } from '../components/groups-table';

export function GroupsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [createOpened, createModal] = useDisclosure(false);
  const itemsPerPage = useItemsPerPage();
  const [perPage, setPerPage] = useState(itemsPerPage);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<Group>>({
    columnAccessor: 'name',
    direction: 'asc',
  });
  const groups = useGroups({
    page,
    perPage,
    search: debouncedSearch,
    sort: {
      column: isGroupSortColumn(sortStatus.columnAccessor) ? sortStatus.columnAccessor : 'name',
      direction: sortStatus.direction,
    },
  });

  return (
    <>
      <PageHeader
        description={t('groups.subtitle')}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={createModal.open}>
            {t('groups.new')}
          </Button>
        }
      />
      <Card padding="lg">
        <Stack gap="md">
          <TextInput
            aria-label={t('groups.search')}
            placeholder={t('groups.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            maw={360}
          />
          {groups.isPending ? (
            <ListSkeleton rows={Math.min(perPage, 8)} />
          ) : groups.isError && !groups.data ? (
            <LoadError error={groups.error} onRetry={() => groups.refetch()} retrying={groups.isFetching} />
          ) : (
            <GroupsTable
              groups={groups.data?.data ?? []}
              total={groups.data?.count ?? 0}
              fetching={groups.isFetching}
              page={page}
              perPage={perPage}
              sortStatus={sortStatus}
              emptyText={debouncedSearch.trim() ? t('groups.emptySearch') : t('groups.empty')}
              onPageChange={setPage}
              onPerPageChange={(size) => {
                setPerPage(size);
                setPage(1);
              }}
              onSortStatusChange={(status) => {
                setSortStatus(status);
                setPage(1);
              }}
              onOpen={(group) =>
                void navigate({ to: '/admin/groups/$groupId', params: { groupId: group.id } })
              }
            />
          )}
        </Stack>
      </Card>
      <CreateGroupModal opened={createOpened} onClose={createModal.close} />
    </>
  );
}
