import { Avatar, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconUserQuestion } from '@tabler/icons-react';
import { Navigate } from '@tanstack/react-router';
import { ADMIN_ROLES } from '@vaskedrift/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';
import { EntityLayout } from '../../../components/entity-layout/entity-layout';
import { EntityNotFound } from '../../../components/entity-layout/entity-not-found';
import { RequireRole } from '../../../components/require-role';
import { RoleBadge } from '../../../components/role-badge';
import { isApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { fullName, initials } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { StatusBadge } from '../components/status-badge';
import { useRouteUser } from '../use-route-user';
import { useUserPermissions } from '../user-permissions';

/** /admin/users/{userId}: who the user is, their tabs (routes.tsx), and the page of the chosen tab. */
export function UserLayout() {
  const { t } = useTranslation();
  const { user: me } = useAuth();
  const { userId, user } = useRouteUser();
  const permissions = useUserPermissions(user.data);
  // A non-admin opening someone else's profile is refused by the server: they are sent to their own.
  const refused = isApiError(user.error) && user.error.status === 403;

  useEffect(() => {
    if (refused && isApiError(user.error)) notifyError(user.error.message);
  }, [refused, user.error]);

  if (refused && me && me.id !== userId) {
    return <Navigate to="/admin/users/$userId" params={{ userId: me.id }} replace />;
  }

  return (
    <EntityLayout
      query={user}
      skeleton="avatar"
      tabsLabel={t('users.profile.tabsLabel')}
      permissions={{ isAdmin: permissions.isAdmin, canEdit: permissions.canEdit }}
      header={(data) => (
        <Card padding="lg" mb="lg">
          <Group gap="lg" wrap="nowrap">
            <Avatar color="brand" variant="filled" radius="xl" size={64} aria-hidden>
              {initials(data)}
            </Avatar>
            <Stack gap={6} style={{ minWidth: 0 }}>
              <Group gap="sm">
                <Title order={2} fz={22}>
                  {fullName(data)}
                </Title>
                {permissions.self && (
                  <Text size="sm" c="dimmed">
                    ({t('users.profile.you')})
                  </Text>
                )}
              </Group>
              <Group gap="xs">
                <RoleBadge role={data.role} />
                <StatusBadge disabledAt={data.disabledAt} />
                <Text size="sm" c="dimmed">
                  {data.email}
                </Text>
              </Group>
            </Stack>
          </Group>
        </Card>
      )}
      notFound={
        // A way on: the list for admins, one's own profile for everyone.
        <EntityNotFound
          icon={<IconUserQuestion size={28} stroke={1.6} aria-hidden />}
          title={t('users.profile.notFound')}
          text={t('users.profile.notFoundText')}
        >
          <RequireRole roles={ADMIN_ROLES}>
            <ButtonLink to="/admin/users" variant="default">
              {t('users.profile.toList')}
            </ButtonLink>
          </RequireRole>
          {me && (
            <ButtonLink to="/admin/users/$userId" params={{ userId: me.id }} variant="light">
              {t('users.profile.toOwnProfile')}
            </ButtonLink>
          )}
        </EntityNotFound>
      }
    />
  );
}
