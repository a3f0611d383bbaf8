import { Button, Card, Group, Stack, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { canManageFacilities } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadError } from '../../../components/load-error';
import { useAuth } from '../../../lib/auth-context';
import { useBays } from '../api/get-bays';
import { BaysTable } from '../components/bays-table';
import { CreateBayModal } from '../components/create-bay-modal';
import { useBaysTableState } from '../components/use-bays-table-state';

const locationRoute = getRouteApi('/app/locations/$locationId');

/** /locations/{locationId}/bays: the facility's bays in their order, with 'Ny vaskehall'. */
export function LocationBaysPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { role } = useAuth();
  const canManage = role != null && canManageFacilities(role);
  const { locationId } = locationRoute.useParams();
  const [createOpened, createModal] = useDisclosure(false);
  const table = useBaysTableState('sortOrder');
  const bays = useBays({ ...table.params, filters: { locationId } });

  return (
    <Card padding="lg">
      <Stack gap="md">
        <Group justify="space-between" gap="md">
          <Title order={3} fz="md">
            {t('bays.locationTitle')}
          </Title>
          {canManage && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={createModal.open}>
              {t('bays.new')}
            </Button>
          )}
        </Group>
        <TextInput
          aria-label={t('bays.search')}
          placeholder={t('bays.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={table.search}
          onChange={(event) => table.setSearch(event.currentTarget.value)}
          maw={360}
        />
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
            emptyText={table.searching ? t('bays.emptySearch') : t('bays.emptyLocation')}
            showLocation={false}
            onPageChange={table.setPage}
            onPerPageChange={table.setPerPage}
            onSortStatusChange={table.setSortStatus}
            onOpen={(bay) =>
              void navigate({
                to: '/locations/$locationId/bays/$bayId',
                params: { locationId, bayId: bay.id },
              })
            }
          />
        )}
      </Stack>
      {canManage && (
        <CreateBayModal opened={createOpened} onClose={createModal.close} locationId={locationId} />
      )}
    </Card>
  );
}
