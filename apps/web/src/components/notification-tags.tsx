import { Badge, Checkbox, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { NOTIFICATION_TAGS, type NotificationTag } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';

/** The tags as the forms group them: maintenance events, attribute levels, escalation, reports. */
const TAG_GROUPS = [
  { group: 'maintenance', tags: ['start', 'reminders', 'end'] },
  { group: 'levels', tags: ['critical', 'warning', 'info'] },
  { group: 'escalation', tags: ['escalation'] },
  { group: 'foresight', tags: ['prediction'] },
  { group: 'reports', tags: ['reports'] },
] as const satisfies readonly { group: string; tags: readonly NotificationTag[] }[];

const TAG_COLORS: Record<NotificationTag, string> = {
  start: 'blue',
  reminders: 'blue',
  end: 'blue',
  critical: 'red',
  warning: 'yellow',
  info: 'gray',
  escalation: 'grape',
  prediction: 'orange',
  reports: 'teal',
};

/**
 * What a recipient or webhook subscribes to, as checkboxes under 'Vedlikehold', 'Nivåer', 'Eskalering',
 * 'Forvarsel' and 'Rapporter'; `available` leaves out what the form may not offer (a webhook gets no reports).
 */
export function NotificationTagsField({
  inputProps,
  description,
  available = NOTIFICATION_TAGS,
}: {
  inputProps: GetInputPropsReturnType;
  description: string;
  available?: readonly NotificationTag[];
}) {
  const { t } = useTranslation();
  const groups = TAG_GROUPS.map(({ group, tags }) => ({
    group,
    tags: tags.filter((tag) => available.includes(tag)),
  })).filter(({ tags }) => tags.length > 0);
  return (
    <Checkbox.Group
      label={t('notifications.fields.tags')}
      description={description}
      withAsterisk
      {...inputProps}
    >
      <SimpleGrid cols={{ base: 1, xs: 2, sm: Math.min(groups.length, 3) }} mt="xs" spacing="md">
        {groups.map(({ group, tags }) => (
          <Stack key={group} gap={8}>
            <Text size="xs" fw={700} tt="uppercase" c="dimmed">
              {t(`notifications.tagGroups.${group}`)}
            </Text>
            {tags.map((tag) => (
              <Checkbox key={tag} value={tag} label={t(`notifications.tags.${tag}`)} />
            ))}
          </Stack>
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}

/** The tags of a recipient or webhook as small badges, in the forms' order. */
export function NotificationTagBadges({ tags }: { tags: readonly NotificationTag[] }) {
  const { t } = useTranslation();
  const ordered = TAG_GROUPS.flatMap((group) => group.tags.filter((tag) => tags.includes(tag)));
  return (
    <Group gap={4}>
      {ordered.map((tag) => (
        <Badge key={tag} size="sm" variant="light" color={TAG_COLORS[tag]} tt="none">
          {t(`notifications.tags.${tag}`)}
        </Badge>
      ))}
    </Group>
  );
}
