import { ActionIcon, Avatar, Card, Group, Stack, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconUserMinus } from '@tabler/icons-react';
import type { GroupMember } from '@vaskedrift/shared';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../components/anchor-link';
import { confirmMutation } from '../../../components/confirm';
import { RoleBadge } from '../../../components/role-badge';
import { useDataTableTexts, useSortStateLabels } from '../../../components/use-data-table-texts';
import { fullName, initials } from '../../../lib/format';
import { useItemsPerPage } from '../../../lib/user-data-query';
import { useUpdateGroup } from '../api/update-group';
import { AddMembersForm } from '../components/add-members-form';
import { sortMembers } from '../sort-members';
import { useRouteGroup } from '../use-route-group';

/** /admin/groups/{groupId}/members: who is in the group; add and remove members. */
export function GroupMembersPage() {
  const { t } = useTranslation();
  const { group } = useRouteGroup();
  const updateGroup = useUpdateGroup();
  const texts = useDataTableTexts(t('groups.members.empty'));
  const tableRef = useSortStateLabels();
  const itemsPerPage = useItemsPerPage();
  const [page, setPage] = useState(1);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<GroupMember>>({
    columnAccessor: 'firstName',
    direction: 'asc',
  });
  if (!group.data) return null;
  const detail = group.data;
  const members = sortMembers(detail.members, sortStatus);
  const pages = Math.max(1, Math.ceil(members.length / itemsPerPage));
  const currentPage = Math.min(page, pages);

  const askRemove = (member: GroupMember) => {
    const name = fullName(member);
    confirmMutation({
      title: t('groups.members.remove.title'),
      message: t('groups.members.remove.confirm', { name, group: detail.name }),
      confirmLabel: t('groups.members.remove.confirmButton'),
      success: t('groups.members.remove.success', { name }),
      mutation: updateGroup,
      variables: {
        id: detail.id,
        members: detail.members.filter((m) => m.id !== member.id).map((m) => m.id),
      },
    });
  };

  return (
    <Card padding="xl">
      <Stack gap="lg">
        <AddMembersForm group={detail} />
        <DataTable<GroupMember>
          {...texts.empty}
          {...texts.pagination}
          minHeight={members.length === 0 ? 160 : undefined}
          records={members.slice((currentPage - 1) * itemsPerPage, currentPage * itemsPerPage)}
          totalRecords={members.length}
          page={currentPage}
          onPageChange={setPage}
          recordsPerPage={itemsPerPage}
          sortStatus={sortStatus}
          tableRef={tableRef}
          onSortStatusChange={setSortStatus}
          fetching={updateGroup.isPending}
          columns={[
            {
              accessor: 'firstName',
              title: t('users.columns.name'),
              sortable: true,
              render: (member) => (
                <Group gap="sm" wrap="nowrap">
                  <Avatar color="brand" radius="md" size={30}>
                    {initials(member)}
                  </Avatar>
                  <AnchorLink to="/admin/users/$userId" params={{ userId: member.id }} size="sm" fw={600}>
                    {fullName(member)}
                  </AnchorLink>
                </Group>
              ),
            },
            { accessor: 'email', title: t('users.columns.email'), sortable: true },
            {
              accessor: 'role',
              title: t('users.columns.role'),
              sortable: true,
              render: (member) => <RoleBadge role={member.role} />,
            },
            {
              accessor: 'actions',
              title: <VisuallyHidden>{t('common.actions')}</VisuallyHidden>,
              textAlign: 'right',
              render: (member) => (
                <Tooltip label={t('groups.members.remove.label', { name: fullName(member) })}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('groups.members.remove.label', { name: fullName(member) })}
                    onClick={() => askRemove(member)}
                  >
                    <IconUserMinus size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              ),
            },
          ]}
        />
      </Stack>
    </Card>
  );
}
