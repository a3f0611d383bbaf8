import { Badge, Card, Group, Stack, Title } from '@mantine/core';
import { type AlertState, canAcknowledgeAlerts } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { ServerListContent } from '../../../components/server-table/server-list-content';
import { serverTableProps, useServerPaging } from '../../../components/server-table/use-server-list';
import { useAuth } from '../../../lib/auth-context';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { apiErrorMessage } from '../../../lib/use-api-error-message';
import { useAcknowledgeAlert } from '../api/acknowledge-alert';
import { useAlerts } from '../api/get-alerts';
import { AlertsTable } from './alerts-table';

/** A facility's open or past alerts, a page at a time; open ones can be acknowledged ('Jeg ser på det'). */
export function AlertsSection({ state, locationId }: { state: AlertState; locationId: string }) {
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
              void acknowledge.mutateAsync(alert.id).then(
                ({ message }) => notifySuccess(message),
                (error: Error) => notifyError(apiErrorMessage(error, t)),
              )
            }
          />
        </ServerListContent>
      </Stack>
    </Card>
  );
}
