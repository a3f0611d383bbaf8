import { Card, ColorSwatch, EmptyState, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconPencil, IconUsers, IconUsersGroup } from '@tabler/icons-react';
import { Outlet, useMatchRoute, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-client';

import { useRouteGroup } from '../use-route-group';

type GroupTab = 'overview' | 'members' | 'edit';

function useCurrentTab(): GroupTab {
  const matchRoute = useMatchRoute();
  if (matchRoute({ to: '/admin/groups/$groupId/members' })) return 'members';
  if (matchRoute({ to: '/admin/groups/$groupId/edit' })) return 'edit';
  return 'overview';
}

function GroupNotFound() {
  const { t } = useTranslation();
  return (
    <Card padding="xl">
      <EmptyState
        py={40}
        variant="light"
        icon={<IconUsersGroup size={28} stroke={1.6} aria-hidden />}
        title={t('groups.detail.notFound')}
        description={t('groups.detail.notFoundText')}
      >
        <Group justify="center" mt="md">
          <ButtonLink to="/admin/groups" variant="default">
            {t('groups.detail.toList')}
          </ButtonLink>
        </Group>
      </EmptyState>
    </Card>
  );
}

/** /admin/groups/{groupId}: the group's name and colour, tabs to its pages, and the chosen page. */
export function GroupLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { groupId, group } = useRouteGroup();
  const tab = useCurrentTab();
  const notFound = isApiError(group.error) && (group.error.status === 404 || group.error.status === 400);

  const selectTab = (value: string | null) => {
    if (value === 'members') void navigate({ to: '/admin/groups/$groupId/members', params: { groupId } });
    else if (value === 'edit') void navigate({ to: '/admin/groups/$groupId/edit', params: { groupId } });
    else void navigate({ to: '/admin/groups/$groupId', params: { groupId } });
  };

  return (
    <>
      <PageHeader />
      {group.isPending ? (
        <Card padding="lg" mb="lg">
          <Stack gap={8} aria-busy="true" aria-label={t('app.loading')}>
            <Skeleton height={22} width="30%" />
            <Skeleton height={14} width="50%" />
          </Stack>
        </Card>
      ) : notFound ? (
        <GroupNotFound />
      ) : group.isError ? (
        <LoadError error={group.error} onRetry={() => group.refetch()} retrying={group.isFetching} />
      ) : (
        <>
          <Card padding="lg" mb="lg">
            <Group gap="md" wrap="nowrap" align="flex-start">
              <ColorSwatch color={group.data.config.color} size={40} radius="md" aria-hidden />
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Title order={2} fz={22}>
                  {group.data.name}
                </Title>
                <Text size="sm" c="dimmed">
                  {group.data.description}
                </Text>
                <Text size="sm" fw={500}>
                  {t('groups.memberCount', { count: group.data.members.length })}
                </Text>
              </Stack>
            </Group>
          </Card>
          <Tabs value={tab} onChange={selectTab} mb="lg" keepMounted={false}>
            <Tabs.List aria-label={t('groups.detail.tabsLabel')}>
              <Tabs.Tab value="overview" leftSection={<IconInfoCircle size={16} aria-hidden />}>
                {t('groups.detail.tabs.overview')}
              </Tabs.Tab>
              <Tabs.Tab value="members" leftSection={<IconUsers size={16} aria-hidden />}>
                {t('groups.detail.tabs.members')}
              </Tabs.Tab>
              <Tabs.Tab value="edit" leftSection={<IconPencil size={16} aria-hidden />}>
                {t('groups.detail.tabs.edit')}
              </Tabs.Tab>
            </Tabs.List>
          </Tabs>
          <Outlet />
        </>
      )}
    </>
  );
}
