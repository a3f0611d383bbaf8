import { Button, Card, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { canManageFacilities, type Location } from '@vaskedrift/shared';
import type { DataTableSortStatus } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { useAuth } from '../../../lib/auth-context';
import { useItemsPerPage } from '../../../lib/user-data-query';
import { useLocations } from '../api/get-locations';
import { CreateLocationModal } from '../components/create-location-modal';
import { LocationsTable, toLocationSortColumn } from '../components/locations-table';

/** /locations: every facility, searchable and sortable, a page at a time. */
export function LocationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { role } = useAuth();
  const canManage = role != null && canManageFacilities(role);
  const [createOpened, createModal] = useDisclosure(false);
  const [perPage, setPerPage] = useState(useItemsPerPage());
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<Location>>({
    columnAccessor: 'name',
    direction: 'asc',
  });
  const locations = useLocations({
    page,
    perPage,
    search: debouncedSearch,
    sort: { column: toLocationSortColumn(sortStatus.columnAccessor), direction: sortStatus.direction },
  });

  return (
    <>
      <PageHeader
        description={t('locations.subtitle')}
        actions={
          canManage && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={createModal.open}>
              {t('locations.new')}
            </Button>
          )
        }
      />
      <Card padding="lg">
        <Stack gap="md">
          <TextInput
            aria-label={t('locations.search')}
            placeholder={t('locations.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            maw={360}
          />
          {locations.isPending ? (
            <ListSkeleton rows={Math.min(perPage, 8)} />
          ) : locations.isError && !locations.data ? (
            <LoadError
              error={locations.error}
              onRetry={() => locations.refetch()}
              retrying={locations.isFetching}
            />
          ) : (
            <LocationsTable
              locations={locations.data?.data ?? []}
              total={locations.data?.count ?? 0}
              fetching={locations.isFetching}
              page={page}
              perPage={perPage}
              sortStatus={sortStatus}
              emptyText={debouncedSearch.trim() ? t('locations.emptySearch') : t('locations.empty')}
              onPageChange={setPage}
              onPerPageChange={(size) => {
                setPerPage(size);
                setPage(1);
              }}
              onSortStatusChange={(status) => {
                setSortStatus(status);
                setPage(1);
              }}
              onOpen={(location) =>
                void navigate({ to: '/locations/$locationId', params: { locationId: location.id } })
              }
            />
          )}
        </Stack>
      </Card>
      {canManage && <CreateLocationModal opened={createOpened} onClose={createModal.close} />}
    </>
  );
}
