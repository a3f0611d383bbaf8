import { Card, EmptyState, Group } from '@mantine/core';
import { IconUserQuestion } from '@tabler/icons-react';
import { ADMIN_ROLES } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';
import { RequireRole } from '../../../components/require-role';
import { useAuth } from '../../../lib/auth-context';

/** 'Fant ikke brukeren', with a way on: the list for admins, one's own profile for everyone. */
export function UserNotFound() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <Card padding="xl">
      <EmptyState
        py={40}
        variant="light"
        icon={<IconUserQuestion size={28} stroke={1.6} aria-hidden />}
        title={t('users.profile.notFound')}
        description={t('users.profile.notFoundText')}
      >
        <Group justify="center" mt="md">
          <RequireRole roles={ADMIN_ROLES}>
            <ButtonLink to="/admin/users" variant="default">
              {t('users.profile.toList')}
            </ButtonLink>
          </RequireRole>
          {user && (
            <ButtonLink to="/admin/users/$userId" params={{ userId: user.id }} variant="light">
              {t('users.profile.toOwnProfile')}
            </ButtonLink>
          )}
        </Group>
      </EmptyState>
    </Card>
  );
}
