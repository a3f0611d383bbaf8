import { Avatar, Card, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconKey, IconPencil, IconUser } from '@tabler/icons-react';
import { Navigate, Outlet, useMatchRoute, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { fullName, initials } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { RoleBadge } from '../components/role-badge';
import { StatusBadge } from '../components/status-badge';
import { UserNotFound } from '../components/user-not-found';
import { useRouteUser } from '../use-route-user';
import { useUserPermissions } from '../user-permissions';

type UserTab = 'overview' | 'access' | 'edit';

function useCurrentTab(): UserTab {
  const matchRoute = useMatchRoute();
  if (matchRoute({ to: '/admin/users/$userId/access' })) return 'access';
  if (matchRoute({ to: '/admin/users/$userId/edit' })) return 'edit';
  return 'overview';
}

/** /admin/users/{userId}: who the user is, tabs to their pages, and the page of the chosen tab. */
export function UserLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user: me } = useAuth();
  const { userId, user } = useRouteUser();
  const permissions = useUserPermissions(user.data);
  const tab = useCurrentTab();
  // A non-admin opening someone else's profile is refused by the server: they are sent to their own.
  const refused = isApiError(user.error) && user.error.status === 403;
  const notFound = isApiError(user.error) && (user.error.status === 404 || user.error.status === 400);

  useEffect(() => {
    if (refused && isApiError(user.error)) notifyError(user.error.message);
  }, [refused, user.error]);

  if (refused && me && me.id !== userId) {
    return <Navigate to="/admin/users/$userId" params={{ userId: me.id }} replace />;
  }

  const selectTab = (value: string | null) => {
    if (value === 'access') void navigate({ to: '/admin/users/$userId/access', params: { userId } });
    else if (value === 'edit') void navigate({ to: '/admin/users/$userId/edit', params: { userId } });
    else void navigate({ to: '/admin/users/$userId', params: { userId } });
  };

  return (
    <>
      <PageHeader />
      {user.isPending ? (
        <Card padding="lg" mb="lg">
          <Group gap="md" aria-busy="true" aria-label={t('app.loading')}>
            <Skeleton circle height={64} />
            <Stack gap={8} style={{ flex: 1 }}>
              <Skeleton height={20} width="30%" />
              <Skeleton height={14} width="20%" />
            </Stack>
          </Group>
        </Card>
      ) : notFound ? (
        <UserNotFound />
      ) : user.isError ? (
        <LoadError error={user.error} onRetry={() => user.refetch()} retrying={user.isFetching} />
      ) : (
        <>
          <Card padding="lg" mb="lg">
            <Group gap="lg" wrap="nowrap">
              <Avatar color="brand" variant="filled" radius="xl" size={64} aria-hidden>
                {initials(user.data)}
              </Avatar>
              <Stack gap={6} style={{ minWidth: 0 }}>
                <Group gap="sm">
                  <Title order={2} fz={22}>
                    {fullName(user.data)}
                  </Title>
                  {permissions.self && (
                    <Text size="sm" c="dimmed">
                      ({t('users.profile.you')})
                    </Text>
                  )}
                </Group>
                <Group gap="xs">
                  <RoleBadge role={user.data.role} />
                  <StatusBadge disabledAt={user.data.disabledAt} />
                  <Text size="sm" c="dimmed">
                    {user.data.email}
                  </Text>
                </Group>
              </Stack>
            </Group>
          </Card>
          <Tabs value={tab} onChange={selectTab} mb="lg" keepMounted={false}>
            <Tabs.List aria-label={t('users.profile.tabsLabel')}>
              <Tabs.Tab value="overview" leftSection={<IconUser size={16} aria-hidden />}>
                {t('users.profile.tabs.overview')}
              </Tabs.Tab>
              {permissions.isAdmin && (
                <Tabs.Tab value="access" leftSection={<IconKey size={16} aria-hidden />}>
                  {t('users.profile.tabs.access')}
                </Tabs.Tab>
              )}
              {permissions.canEdit && (
                <Tabs.Tab value="edit" leftSection={<IconPencil size={16} aria-hidden />}>
                  {t('users.profile.tabs.edit')}
                </Tabs.Tab>
              )}
            </Tabs.List>
          </Tabs>
          <Outlet />
        </>
      )}
    </>
  );
}
