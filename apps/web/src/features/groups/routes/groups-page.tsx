import { Button, Card, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { GROUP_SORT_COLUMNS, type Group } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ListSearch, ServerListContent } from '../../../components/server-table/server-list-content';
import { toSortColumn } from '../../../components/server-table/sort-column';
import { serverTableProps, useServerList } from '../../../components/server-table/use-server-list';
import { type GroupSortColumn, useGroups } from '../../../lib/queries/get-groups';
import { CreateGroupModal } from '../components/create-group-modal';
import { GroupsTable } from '../components/groups-table';

export function GroupsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [createOpened, createModal] = useDisclosure(false);
  const list = useServerList<Group, GroupSortColumn>({
    defaultSort: 'name',
    toSortColumn: (accessor) => toSortColumn(accessor, GROUP_SORT_COLUMNS, 'name'),
  });
  const groups = useGroups(list.params);

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
          <ListSearch
            aria-label={t('groups.search')}
            placeholder={t('groups.searchPlaceholder')}
            value={list.search}
            onChange={list.setSearch}
            maw={360}
          />
          <ServerListContent query={groups} rows={list.perPage}>
            <GroupsTable
              {...serverTableProps(list, groups)}
              emptyText={list.searching ? t('groups.emptySearch') : t('groups.empty')}
              onOpen={(group) =>
                void navigate({ to: '/admin/groups/$groupId', params: { groupId: group.id } })
              }
            />
          </ServerListContent>
        </Stack>
      </Card>
      <CreateGroupModal opened={createOpened} onClose={createModal.close} />
    </>
  );
}
