import { Badge, Box, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_OPEN_ALERTS, OpenAlertItem, useAlerts } from '../../../features/alerts';
import { sortOpenAlerts } from '../../../features/dashboard';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';

/**
 * The open alerts of every facility the user may see (the server filters by access), critical first, each
 * opening its bay's panel. Shown only while there are any.
 */
export function OpenAlertsCard({ onOpenBay }: { onOpenBay: (bayId: string) => void }) {
  const { t } = useTranslation();
  const alerts = useAlerts(DASHBOARD_OPEN_ALERTS);
  const error = useApiErrorMessage(alerts.isError ? alerts.error : null);
  const sorted = useMemo(() => sortOpenAlerts(alerts.data?.data ?? []), [alerts.data]);
  if (error && !alerts.data)
    return (
      <Text size="sm" c="red" mb="md">
        {t('dashboard.alerts.loadError')} {error}
      </Text>
    );
  if (sorted.length === 0) return null;
  const title = t('alerts.open');
  return (
    <Card padding="md" mb="lg" component="section" aria-label={title}>
      <Stack gap="xs">
        <Group gap="sm">
          <Title order={2} fz="md">
            {title}
          </Title>
          <Badge color="red" variant="filled" circle>
            {alerts.data?.count}
          </Badge>
        </Group>
        {/* About four alerts high: the tiles stay near the top of the page, on a phone too. A plain scroll
            box: Mantine's ScrollArea lets its content grow past the card's width on a phone. */}
        <Box mah={300} style={{ overflowY: 'auto', overflowX: 'hidden' }}>
          <Stack gap="xs">
            {sorted.map((alert) => (
              <OpenAlertItem key={alert.id} alert={alert} onOpen={onOpenBay} />
            ))}
          </Stack>
        </Box>
      </Stack>
    </Card>
  );
}
