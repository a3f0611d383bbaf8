import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { type AlertState, canAcknowledgeAlerts } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { ServerListContent } from '../../../components/server-table/server-list-content';
import { serverTableProps, useServerPaging } from '../../../components/server-table/use-server-list';
import { useAuth } from '../../../lib/auth-context';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { apiErrorMessage } from '../../../lib/use-api-error-message';
import { MuteControl } from '../../mutes';
import { useAcknowledgeAlert } from '../api/acknowledge-alert';
import { useAlerts } from '../api/get-alerts';
import { AlertsTable } from '../components/alerts-table';

const locationRoute = getRouteApi('/app/locations/$locationId');

function AlertsSection({ state, locationId }: { state: AlertState; locationId: string }) {
  const { t } = useTranslation();
  const { role } = useAuth();
  const paging = useServerPaging();
  const alerts = useAlerts({ page: paging.page, perPage: paging.perPage, filters: { locationId, state } });
  const acknowledge = useAcknowledgeAlert();
  const resolved = state === 'resolved';
  const title = resolved ? t('alerts.past') : t('alerts.open');

  return (
    <Card padding="lg" component="section" aria-label={title}>
      <Stack gap="md">
        <Group gap="sm">
          <Title order={3} fz="md">
            {title}
          </Title>
          {!resolved && alerts.data && alerts.data.count > 0 && (
            <Badge color="red" variant="filled" circle>
              {alerts.data.count}
            </Badge>
          )}
        </Group>
        <ServerListContent query={alerts} rows={3}>
          <AlertsTable
            {...serverTableProps(paging, alerts)}
            resolved={resolved}
            emptyText={resolved ? t('alerts.emptyPast') : t('alerts.emptyOpen')}
            canAcknowledge={role != null && canAcknowledgeAlerts(role)}
            acknowledging={acknowledge.isPending ? (acknowledge.variables ?? null) : null}
            onAcknowledge={(alert) =>
              acknowledge.mutate(alert.id, {
                onSuccess: ({ message }) => notifySuccess(message),
                onError: (error) => notifyError(apiErrorMessage(error, t)),
              })
            }
          />
        </ServerListContent>
      </Stack>
    </Card>
  );
}

/** Whether the facility's notifications are sent, and 'Demp varsler' for all of its bays. */
function NotificationsSection({ locationId }: { locationId: string }) {
  const { t } = useTranslation();
  return (
    <Card padding="lg" component="section" aria-label={t('alerts.notifications.title')}>
      <Group justify="space-between" align="center" gap="md">
        <Stack gap={4}>
          <Title order={3} fz="md">
            {t('alerts.notifications.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('alerts.notifications.text')}
          </Text>
        </Stack>
        <MuteControl scope={{ locationId }} />
      </Group>
    </Card>
  );
}

/**
 * /locations/{locationId}/alerts: muting the facility's notifications, open alerts (with 'Jeg ser på
 * det'), past alerts below.
 */
export function LocationAlertsPage() {
  const { locationId } = locationRoute.useParams();
  return (
    <Stack gap="lg">
      <NotificationsSection locationId={locationId} />
      <AlertsSection state="open" locationId={locationId} />
      <AlertsSection state="resolved" locationId={locationId} />
    </Stack>
  );
}
