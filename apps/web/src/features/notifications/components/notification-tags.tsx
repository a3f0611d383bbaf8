import { Badge, Checkbox, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { NotificationTag } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';

/** The tags as the forms group them: maintenance events, attribute levels, escalation. */
const TAG_GROUPS = [
  { group: 'maintenance', tags: ['start', 'reminders', 'end'] },
  { group: 'levels', tags: ['critical', 'warning', 'info'] },
  { group: 'escalation', tags: ['escalation'] },
] as const satisfies readonly { group: string; tags: readonly NotificationTag[] }[];

const TAG_COLORS: Record<NotificationTag, string> = {
  start: 'blue',
  reminders: 'blue',
  end: 'blue',
  critical: 'red',
  warning: 'yellow',
  info: 'gray',
  escalation: 'grape',
};

/** What a recipient or webhook subscribes to, as checkboxes under 'Vedlikehold', 'Nivåer' and 'Eskalering'. */
export function NotificationTagsField({
  inputProps,
  description,
}: {
  inputProps: GetInputPropsReturnType;
  description: string;
}) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group
      label={t('notifications.fields.tags')}
      description={description}
      withAsterisk
      {...inputProps}
    >
      <SimpleGrid cols={{ base: 1, xs: 3 }} mt="xs" spacing="md">
        {TAG_GROUPS.map(({ group, tags }) => (
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
