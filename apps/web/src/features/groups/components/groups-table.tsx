import { ColorSwatch, Group as Row, Text } from '@mantine/core';
import type { Group } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../components/anchor-link';
import { ServerDataTable, type ServerTableProps } from '../../../components/server-table/server-data-table';

export function GroupsTable(props: ServerTableProps<Group>) {
  const { t } = useTranslation();
  return (
    <ServerDataTable<Group>
      {...props}
      columns={[
        {
          accessor: 'name',
          title: t('groups.columns.name'),
          sortable: true,
          render: (group) => (
            <Row gap="sm" wrap="nowrap">
              <ColorSwatch color={group.config.color} size={14} withShadow={false} aria-hidden />
              <AnchorLink
                to="/admin/groups/$groupId"
                params={{ groupId: group.id }}
                size="sm"
                fw={600}
                c="var(--mantine-color-text)"
                onClick={(event) => event.stopPropagation()}
              >
                {group.name}
              </AnchorLink>
            </Row>
          ),
        },
        {
          accessor: 'description',
          title: t('groups.columns.description'),
          sortable: true,
          render: (group) => (
            <Text size="sm" c="dimmed" lineClamp={2}>
              {group.description}
            </Text>
          ),
        },
        {
          accessor: 'color',
          title: t('groups.columns.color'),
          render: (group) => (
            <Row gap={8} wrap="nowrap">
              <ColorSwatch color={group.config.color} size={20} radius="sm" />
              <Text size="xs" ff="monospace" c="dimmed">
                {group.config.color.toUpperCase()}
              </Text>
            </Row>
          ),
        },
        {
          accessor: 'memberCount',
          title: t('groups.columns.members'),
          sortable: true,
          textAlign: 'right',
        },
      ]}
    />
  );
}
