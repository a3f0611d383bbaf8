import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MuteScope } from '../api/get-mutes';
import { MuteControl } from './mute-control';

/** A page's 'Varslinger' card: what muting does here, and the control. */
export function MuteCard({ scope }: { scope: MuteScope }) {
  const { t } = useTranslation();
  return (
    <Card padding="lg" component="section" aria-label={t('alerts.notifications.title')}>
      <Group justify="space-between" align="center" gap="md">
        <Stack gap={4}>
          <Title order={3} fz="md">
            {t('alerts.notifications.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {'bayId' in scope ? t('alerts.notifications.bayText') : t('alerts.notifications.text')}
          </Text>
        </Stack>
        <MuteControl scope={scope} />
      </Group>
    </Card>
  );
}
