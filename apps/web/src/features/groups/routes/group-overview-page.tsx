import { Avatar, Card, ColorSwatch, Group, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, fullName, initials } from '../../../lib/format';
import { useRouteGroup } from '../use-route-group';

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

const SHOWN_MEMBERS = 12;

/** The group at a glance: colour, times and who is in it (the layout has loaded it). */
export function GroupOverviewPage() {
  const { t, i18n } = useTranslation();
  const { group } = useRouteGroup();
  if (!group.data) return null;
  const { members } = group.data;
  return (
    <Card padding="xl">
      <Title order={3} fz="md" mb="lg">
        {t('groups.detail.details')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="xl" verticalSpacing="lg">
        <Detail label={t('groups.fields.color')}>
          <Group gap={8}>
            <ColorSwatch color={group.data.config.color} size={20} radius="sm" />
            <Text size="sm" ff="monospace">
              {group.data.config.color.toUpperCase()}
            </Text>
          </Group>
        </Detail>
        <Detail label={t('groups.columns.members')}>
          {members.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('groups.members.empty')}
            </Text>
          ) : (
            <Avatar.Group spacing="xs">
              {members.slice(0, SHOWN_MEMBERS).map((member) => (
                <Tooltip key={member.id} label={fullName(member)} withArrow>
                  <Avatar color="brand" radius="xl" size={32} aria-label={fullName(member)}>
                    {initials(member)}
                  </Avatar>
                </Tooltip>
              ))}
              {members.length > SHOWN_MEMBERS && (
                <Avatar radius="xl" size={32}>
                  +{members.length - SHOWN_MEMBERS}
                </Avatar>
              )}
            </Avatar.Group>
          )}
        </Detail>
        <Detail label={t('groups.detail.createdAt')}>
          <Text size="sm">{formatDateTime(group.data.createdAt, i18n.language)}</Text>
        </Detail>
        <Detail label={t('groups.detail.updatedAt')}>
          <Text size="sm">{formatDateTime(group.data.updatedAt, i18n.language)}</Text>
        </Detail>
      </SimpleGrid>
    </Card>
  );
}
