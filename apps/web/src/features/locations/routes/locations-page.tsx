import { Button, Card, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { canManageLocations, type Location } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ListSearch, ServerListContent } from '../../../components/server-table/server-list-content';
import { serverTableProps, useServerList } from '../../../components/server-table/use-server-list';
import { useAuth } from '../../../lib/auth-context';
import { type LocationSortColumn, useLocations } from '../../../lib/queries/get-locations';
import { CreateLocationModal } from '../components/create-location-modal';
import { LocationsTable, toLocationSortColumn } from '../components/locations-table';

/** /locations: every facility, searchable and sortable, a page at a time. */
export function LocationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { role } = useAuth();
  const canManage = role != null && canManageLocations(role);
  const [createOpened, createModal] = useDisclosure(false);
  const list = useServerList<Location, LocationSortColumn>({
    defaultSort: 'name',
    toSortColumn: toLocationSortColumn,
  });
  const locations = useLocations(list.params);

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
          <ListSearch
            aria-label={t('locations.search')}
            placeholder={t('locations.searchPlaceholder')}
            value={list.search}
            onChange={list.setSearch}
            maw={360}
          />
          <ServerListContent query={locations} rows={list.perPage}>
            <LocationsTable
              {...serverTableProps(list, locations)}
              emptyText={list.searching ? t('locations.emptySearch') : t('locations.empty')}
              onOpen={(location) =>
                void navigate({ to: '/locations/$locationId', params: { locationId: location.id } })
              }
            />
          </ServerListContent>
        </Stack>
      </Card>
      {canManage && <CreateLocationModal opened={createOpened} onClose={createModal.close} />}
    </>
  );
}
