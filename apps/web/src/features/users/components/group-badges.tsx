import { Badge, Group, Text } from '@mantine/core';
import type { GroupRef } from '@vaskedrift/shared';

/** A user's groups as badges in each group's colour. */
export function GroupBadges({ groups, emptyText }: { groups: readonly GroupRef[]; emptyText?: string }) {
  if (groups.length === 0) {
    return emptyText ? (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    ) : null;
  }
  return (
    <Group gap={6}>
      {groups.map((group) => (
        <Badge key={group.id} variant="dot" color={group.color} radius="sm" tt="none">
          {group.name}
        </Badge>
      ))}
    </Group>
  );
}
