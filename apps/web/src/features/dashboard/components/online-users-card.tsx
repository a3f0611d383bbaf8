import { Badge, Box, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OnlineUserAvatar } from '../../../components/online-user-avatar';
import { useAuth } from '../../../lib/auth-context';
import { useOnlineUsers } from '../../../lib/realtime/presence';
import { useRealtimeConnected } from '../../../lib/realtime/realtime-state';

/** A person's box: the 36 px avatar, 10 px of padding above and below, and the border. */
const ONE_ROW_PX = 58;

/**
 * 'Hvem er pålogget' on the dashboard: the other users with the app open now, live from the channel's
 * presence list (every signed-in user sees it, docs/decisions/020-realtime.md, Presence).
 */
export function OnlineUsersCard() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const online = useOnlineUsers(user?.id);
  const connected = useRealtimeConnected();
  const title = t('dashboard.online.title');
  return (
    <Card padding="md" mb="lg" component="section" aria-label={title}>
      <Stack gap="xs">
        <Group gap="sm">
          <Title order={2} fz="md">
            {title}
          </Title>
          {online.length > 0 && (
            <Badge color="brand" variant="filled" circle>
              {online.length}
            </Badge>
          )}
        </Group>
        {online.length === 0 ? (
          // One row of people high: the live channel connects after the first tiles, and the people it
          // brings then do not move the tiles below (a row of up to three, as wide as the screen allows).
          <Text size="sm" c="dimmed" mih={ONE_ROW_PX}>
            {t(connected ? 'dashboard.online.empty' : 'dashboard.online.notConnected')}
          </Text>
        ) : (
          // A plain scroll box: Mantine's ScrollArea lets its content grow past the card's width on a phone.
          <Box mah={260} style={{ overflowY: 'auto', overflowX: 'hidden' }}>
            <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="xs" verticalSpacing="xs">
              {online.map((person) => (
                <Paper key={person.user_id} withBorder p="xs" radius="md" data-user-id={person.user_id}>
                  <Group gap="sm" wrap="nowrap">
                    <OnlineUserAvatar user={person} size={36} aria-hidden />
                    <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                      <Text size="sm" fw={600} truncate>
                        {person.user_name}
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        {person.user_email}
                      </Text>
                    </Stack>
                    {person.tabs > 1 && (
                      <Badge variant="light" color="gray" size="sm" style={{ flexShrink: 0 }}>
                        {t('dashboard.online.tabs', { count: person.tabs })}
                      </Badge>
                    )}
                  </Group>
                </Paper>
              ))}
            </SimpleGrid>
          </Box>
        )}
      </Stack>
    </Card>
  );
}
