import { Button, Card, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { USER_SORT_COLUMNS, type User, type UserSortColumn } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ListSearch, ServerListContent } from '../../../components/server-table/server-list-content';
import { toSortColumn } from '../../../components/server-table/sort-column';
import { serverTableProps, useServerList } from '../../../components/server-table/use-server-list';
import { useUsers } from '../../../lib/queries/get-users';
import { CreateUserModal } from '../components/create-user-modal';
import { UsersTable } from '../components/users-table';

export function UsersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [createOpened, createModal] = useDisclosure(false);
  const list = useServerList<User, UserSortColumn>({
    defaultSort: 'firstName',
    toSortColumn: (accessor) => toSortColumn(accessor, USER_SORT_COLUMNS, 'firstName'),
  });
  const users = useUsers(list.params);

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
          <ListSearch
            aria-label={t('users.search')}
            placeholder={t('users.searchPlaceholder')}
            value={list.search}
            onChange={list.setSearch}
            maw={360}
          />
          <ServerListContent query={users} rows={list.perPage}>
            <UsersTable
              {...serverTableProps(list, users)}
              emptyText={list.searching ? t('users.emptySearch') : t('users.empty')}
              onOpen={(user) => void navigate({ to: '/admin/users/$userId', params: { userId: user.id } })}
            />
          </ServerListContent>
        </Stack>
      </Card>
      <CreateUserModal opened={createOpened} onClose={createModal.close} />
    </>
  );
}
