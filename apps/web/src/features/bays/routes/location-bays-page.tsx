import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { type Bay, canManageLocations } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { ListSearch, ServerListContent } from '../../../components/server-table/server-list-content';
import { serverTableProps, useServerList } from '../../../components/server-table/use-server-list';
import { useAuth } from '../../../lib/auth-context';
import { type BaySortColumn, useBays } from '../../../lib/queries/get-bays';
import { BaysTable, toBaySortColumn } from '../components/bays-table';
import { CreateBayModal } from '../components/create-bay-modal';

const locationRoute = getRouteApi('/app/locations/$locationId');

/** /locations/{locationId}/bays: the facility's bays in their order, with 'Ny vaskehall'. */
export function LocationBaysPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { role } = useAuth();
  const canManage = role != null && canManageLocations(role);
  const { locationId } = locationRoute.useParams();
  const [createOpened, createModal] = useDisclosure(false);
  const table = useServerList<Bay, BaySortColumn>({
    defaultSort: 'sortOrder',
    toSortColumn: (accessor) => toBaySortColumn(accessor, 'sortOrder'),
  });
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
        <ListSearch
          aria-label={t('bays.search')}
          placeholder={t('bays.searchPlaceholder')}
          value={table.search}
          onChange={table.setSearch}
          maw={360}
        />
        <ServerListContent query={bays} rows={table.perPage}>
          <BaysTable
            {...serverTableProps(table, bays)}
            emptyText={table.searching ? t('bays.emptySearch') : t('bays.emptyLocation')}
            showLocation={false}
            onOpen={(bay) =>
              void navigate({
                to: '/locations/$locationId/bays/$bayId',
                params: { locationId, bayId: bay.id },
              })
            }
          />
        </ServerListContent>
      </Stack>
      {canManage && (
        <CreateBayModal opened={createOpened} onClose={createModal.close} locationId={locationId} />
      )}
    </Card>
  );
}
