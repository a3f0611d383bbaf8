import { Card, ColorSwatch, Group, Stack, Text, Title } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';
import { EntityLayout } from '../../../components/entity-layout/entity-layout';
import { EntityNotFound } from '../../../components/entity-layout/entity-not-found';
import { useRouteGroup } from '../use-route-group';

/** /admin/groups/{groupId}: the group's name and colour, its tabs (routes.tsx) and the chosen page. */
export function GroupLayout() {
  const { t } = useTranslation();
  const { group } = useRouteGroup();
  return (
    <EntityLayout
      query={group}
      tabsLabel={t('groups.detail.tabsLabel')}
      header={(data) => (
        <Card padding="lg" mb="lg">
          <Group gap="md" wrap="nowrap" align="flex-start">
            <ColorSwatch color={data.config.color} size={40} radius="md" aria-hidden />
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Title order={2} fz={22}>
                {data.name}
              </Title>
              <Text size="sm" c="dimmed">
                {data.description}
              </Text>
              <Text size="sm" fw={500}>
                {t('groups.memberCount', { count: data.members.length })}
              </Text>
            </Stack>
          </Group>
        </Card>
      )}
      notFound={
        <EntityNotFound
          icon={<IconUsersGroup size={28} stroke={1.6} aria-hidden />}
          title={t('groups.detail.notFound')}
          text={t('groups.detail.notFoundText')}
        >
          <ButtonLink to="/admin/groups" variant="default">
            {t('groups.detail.toList')}
          </ButtonLink>
        </EntityNotFound>
      }
    />
  );
}
