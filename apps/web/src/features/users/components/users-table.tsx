import { Avatar, Group, Stack, Text } from '@mantine/core';
import type { User } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../components/anchor-link';
import { RoleBadge } from '../../../components/role-badge';
import { ServerDataTable, type ServerTableProps } from '../../../components/server-table/server-data-table';
import { formatDateTime, fullName, initials } from '../../../lib/format';
import { formatRelativeTime } from '../../../lib/relative-time';
import { GroupBadges } from './group-badges';
import { StatusBadge } from './status-badge';

export function UsersTable(props: ServerTableProps<User>) {
  const { t, i18n } = useTranslation();
  return (
    <ServerDataTable<User>
      {...props}
      columns={[
        {
          accessor: 'firstName',
          title: t('users.columns.name'),
          sortable: true,
          noWrap: true,
          render: (user) => (
            <Group gap="sm" wrap="nowrap">
              <Avatar color="brand" radius="md" size={32}>
                {initials(user)}
              </Avatar>
              <Stack gap={0}>
                <AnchorLink
                  to="/admin/users/$userId"
                  params={{ userId: user.id }}
                  size="sm"
                  fw={600}
                  c="var(--mantine-color-text)"
                  onClick={(event) => event.stopPropagation()}
                >
                  {fullName(user)}
                </AnchorLink>
                {/* A line, not a column: the table already fills a 1280 px screen. */}
                <Text
                  size="xs"
                  c="dimmed"
                  title={formatDateTime(user.lastSeenAt, i18n.language) ?? undefined}
                  data-testid="last-seen"
                >
                  {user.lastSeenAt
                    ? t('users.lastSeen', { time: formatRelativeTime(user.lastSeenAt, i18n.language) })
                    : t('users.neverSeen')}
                </Text>
              </Stack>
            </Group>
          ),
        },
        { accessor: 'email', title: t('users.columns.email'), sortable: true },
        {
          accessor: 'role',
          title: t('users.columns.role'),
          sortable: true,
          render: (user) => <RoleBadge role={user.role} />,
        },
        {
          accessor: 'groups',
          title: t('users.columns.groups'),
          render: (user) => <GroupBadges groups={user.groups} />,
        },
        {
          accessor: 'lastSignInAt',
          title: t('users.columns.lastSignIn'),
          sortable: true,
          noWrap: true,
          render: (user) => formatDateTime(user.lastSignInAt, i18n.language) ?? t('common.never'),
        },
        {
          accessor: 'disabledAt',
          title: t('users.columns.status'),
          render: (user) => <StatusBadge disabledAt={user.disabledAt} />,
        },
      ]}
    />
  );
}
