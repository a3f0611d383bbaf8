import { Avatar, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { OnlineUserAvatar } from '../../components/online-user-avatar';
import { useAuth } from '../../lib/auth-context';
import { useOnlineUsers } from '../../lib/realtime/presence';

const SHOWN = 4;

/**
 * The other users online now, beside the live channel's state: up to four avatars and '+N' on a wide
 * screen, one count on a phone. Nothing while no one else is online.
 */
export function OnlineAvatars() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const online = useOnlineUsers(user?.id);
  if (online.length === 0) return null;
  const rest = online.slice(SHOWN);
  const label = t('layout.online.count', { count: online.length });
  return (
    <Group gap={0} wrap="nowrap" role="group" aria-label={label} data-testid="online-avatars">
      <Avatar.Group spacing={8} visibleFrom="sm">
        {online.slice(0, SHOWN).map((person) => (
          <Tooltip
            key={person.user_id}
            withArrow
            label={
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {person.user_name}
                </Text>
                <Text size="xs">{t('layout.online.now')}</Text>
              </Stack>
            }
          >
            <OnlineUserAvatar
              user={person}
              size={32}
              aria-label={person.user_name}
              data-user-id={person.user_id}
            />
          </Tooltip>
        ))}
        {rest.length > 0 && (
          <Tooltip withArrow multiline label={rest.map((person) => person.user_name).join(', ')}>
            <Avatar radius="xl" size={32} variant="filled" color="gray">
              +{rest.length}
            </Avatar>
          </Tooltip>
        )}
      </Avatar.Group>
      <Tooltip withArrow multiline label={online.map((person) => person.user_name).join(', ')}>
        <Group gap={4} wrap="nowrap" hiddenFrom="sm" aria-hidden>
          <IconUsers size={18} stroke={1.6} />
          <Text size="sm" fw={600}>
            {online.length}
          </Text>
        </Group>
      </Tooltip>
    </Group>
  );
}
