import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import type { Api } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { authMethodLabel } from '../auth-method-label';
import { ApiStatusSwitch } from './api-status-switch';
import { HealthDot } from './health-dot';

/** The API's name, endpoint and health above its tabs, with the on/off switch. */
export function ApiSummaryCard({ api }: { api: Api }) {
  const { t } = useTranslation();
  return (
    <Card padding="lg" mb="lg">
      <Group justify="space-between" align="center" wrap="wrap" gap="md">
        <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
          <IconPlugConnected size={36} stroke={1.5} aria-hidden color="var(--mantine-primary-color-filled)" />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap="sm">
              <Title order={2} fz="lg">
                {api.name}
              </Title>
              <Badge variant="default">{authMethodLabel(api.authMethod, t)}</Badge>
            </Group>
            <Text size="sm" c="dimmed" ff="monospace" truncate="end">
              {api.method} {api.endpointUrl}
            </Text>
          </Stack>
        </Group>
        <Group gap="xl">
          <HealthDot health={api.health} />
          <ApiStatusSwitch api={api} withLabel />
        </Group>
      </Group>
    </Card>
  );
}
