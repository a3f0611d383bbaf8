import { Button, Card, Group, MultiSelect, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { BAY_STATUSES, type Bay, type BayStatus, canManageLocations, isBayStatus } from '@vaskedrift/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bayStatusLabelKey } from '../../../components/bay-status/bay-status';
import { LocationSelect } from '../../../components/location-select';
import { PageHeader } from '../../../components/page-header';
import { ListSearch, ServerListContent } from '../../../components/server-table/server-list-content';
import { serverTableProps, useServerList } from '../../../components/server-table/use-server-list';
import { useAuth } from '../../../lib/auth-context';
import { type BaySortColumn, useBays } from '../../../lib/queries/get-bays';
import { BaysTable, toBaySortColumn } from '../components/bays-table';
import { CreateBayModal } from '../components/create-bay-modal';

/** /locations/bays: every bay across the facilities, filtered by facility and status. */
export function AllBaysPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { role } = useAuth();
  const canManage = role != null && canManageLocations(role);
  const [createOpened, createModal] = useDisclosure(false);
  const [locationId, setLocationId] = useState<string | null>(null);
  const [statuses, setStatuses] = useState<BayStatus[]>([]);
  const table = useServerList<Bay, BaySortColumn>({
    defaultSort: 'locationName',
    toSortColumn: (accessor) => toBaySortColumn(accessor, 'locationName'),
  });
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
            <ListSearch
              aria-label={t('bays.search')}
              placeholder={t('bays.searchPlaceholderAll')}
              value={table.search}
              onChange={table.setSearch}
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
          <ServerListContent query={bays} rows={table.perPage}>
            <BaysTable
              {...serverTableProps(table, bays)}
              emptyText={filtered ? t('bays.emptySearch') : t('bays.empty')}
              showLocation
              onOpen={(bay) =>
                void navigate({
                  to: '/locations/$locationId/bays/$bayId',
                  params: { locationId: bay.locationId, bayId: bay.id },
                })
              }
            />
          </ServerListContent>
        </Stack>
      </Card>
      {canManage && <CreateBayModal opened={createOpened} onClose={createModal.close} />}
    </>
  );
}
