import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RoleBadge } from '../../../components/role-badge';
import { formatDateTime } from '../../../lib/format';
import { GroupBadges } from '../components/group-badges';
import { StatusBadge } from '../components/status-badge';
import { useRouteUser } from '../use-route-user';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

/** The profile card: everything known about the user at a glance (the layout has loaded them). */
export function UserOverviewPage() {
  const { t, i18n } = useTranslation();
  const { user } = useRouteUser();
  if (!user.data) return null;
  const profile = user.data;
  return (
    <Card padding="xl">
      <Title order={3} fz="md" mb="lg">
        {t('users.profile.details')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xl" verticalSpacing="lg">
        <Detail label={t('users.fields.email')}>
          <Text size="sm">{profile.email}</Text>
        </Detail>
        <Detail label={t('users.fields.phone')}>
          <Text size="sm" c={profile.phone ? undefined : 'dimmed'}>
            {profile.phone ?? t('common.notGiven')}
          </Text>
        </Detail>
        <Detail label={t('users.fields.role')}>
          <RoleBadge role={profile.role} />
        </Detail>
        <Detail label={t('users.fields.groups')}>
          <GroupBadges groups={profile.groups} emptyText={t('users.profile.noGroups')} />
        </Detail>
        <Detail label={t('users.profile.createdAt')}>
          <Text size="sm">{formatDateTime(profile.createdAt, i18n.language)}</Text>
        </Detail>
        <Detail label={t('users.profile.lastSignIn')}>
          <Text size="sm" c={profile.lastSignInAt ? undefined : 'dimmed'}>
            {formatDateTime(profile.lastSignInAt, i18n.language) ?? t('common.never')}
          </Text>
        </Detail>
        <Detail label={t('users.columns.status')}>
          <StatusBadge disabledAt={profile.disabledAt} />
        </Detail>
      </SimpleGrid>
    </Card>
  );
}
