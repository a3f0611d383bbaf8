import { Button, Card, Group, MultiSelect, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { BAY_STATUSES, type BayStatus, canManageFacilities, isBayStatus } from '@vaskedrift/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { useAuth } from '../../../lib/auth-context';
import { LocationSelect } from '../../locations/components/location-select';
import { useBays } from '../api/get-bays';
import { bayStatusLabelKey } from '../bay-status';
import { BaysTable } from '../components/bays-table';
import { CreateBayModal } from '../components/create-bay-modal';
import { useBaysTableState } from '../components/use-bays-table-state';

/** /locations/bays: every bay across the facilities, filtered by facility and status. */
export function AllBaysPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { role } = useAuth();
  const canManage = role != null && canManageFacilities(role);
  const [createOpened, createModal] = useDisclosure(false);
  const [locationId, setLocationId] = useState<string | null>(null);
  const [statuses, setStatuses] = useState<BayStatus[]>([]);
  const table = useBaysTableState('locationName');
  const bays = useBays({
    ...table.params,
    filters: { locationId: locationId ?? undefined, status: statuses },
  });
  const filtered = table.searching || locationId != null || statuses.length > 0;

  return (
    <>
      <PageHeader
        description={t('bays.subtitle')}
        actions={
          canManage && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={createModal.open}>
              {t('bays.new')}
            </Button>
          )
        }
      />
      <Card padding="lg">
        <Stack gap="md">
          <Group gap="sm" align="flex-end">
            <TextInput
              aria-label={t('bays.search')}
              placeholder={t('bays.searchPlaceholderAll')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={table.search}
              onChange={(event) => table.setSearch(event.currentTarget.value)}
              w={280}
            />
            <LocationSelect
              aria-label={t('bays.filters.location')}
              placeholder={t('bays.filters.locationPlaceholder')}
              value={locationId}
              onChange={(value) => {
                setLocationId(value);
                table.resetPage();
              }}
              w={260}
            />
            <MultiSelect
              aria-label={t('bays.filters.status')}
              placeholder={statuses.length === 0 ? t('bays.filters.statusPlaceholder') : undefined}
              data={BAY_STATUSES.map((status) => ({ value: status, label: t(bayStatusLabelKey(status)) }))}
              value={statuses}
              onChange={(values) => {
                setStatuses(values.filter(isBayStatus));
                table.resetPage();
              }}
              clearable
              miw={260}
              maw={420}
            />
          </Group>
          {bays.isPending ? (
            <ListSkeleton rows={Math.min(table.perPage, 8)} />
          ) : bays.isError && !bays.data ? (
            <LoadError error={bays.error} onRetry={() => bays.refetch()} retrying={bays.isFetching} />
          ) : (
            <BaysTable
              bays={bays.data?.data ?? []}
              total={bays.data?.count ?? 0}
              fetching={bays.isFetching}
              page={table.page}
              perPage={table.perPage}
              sortStatus={table.sortStatus}
              emptyText={filtered ? t('bays.emptySearch') : t('bays.empty')}
              showLocation
              onPageChange={table.setPage}
              onPerPageChange={table.setPerPage}
              onSortStatusChange={table.setSortStatus}
              onOpen={(bay) =>
                void navigate({
                  to: '/locations/$locationId/bays/$bayId',
                  params: { locationId: bay.locationId, bayId: bay.id },
                })
              }
            />
          )}
        </Stack>
      </Card>
      {canManage && <CreateBayModal opened={createOpened} onClose={createModal.close} />}
    </>
  );
}
