import { Badge, Box, Card, Group, Paper, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { MaintenanceJob } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { formatRelativeTime } from '../../../lib/relative-time';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { maintenancePlansQueryOptions } from '../api/get-maintenance-plans';
import { runningMaintenanceQueryOptions, useRunningMaintenance } from '../api/get-running-maintenance';
import { DASHBOARD_PLANS, DASHBOARD_RUNNING_JOBS } from '../api/maintenance-requests';
import { AssigneeName, OverdueBadge } from './maintenance-job-details';
import { PlannedMaintenanceList } from './planned-maintenance-list';

/** What the card reads: the dashboard waits for it with its tiles, so that the card does not push them down. */
export const runningMaintenanceCardQueries = () =>
  [
    runningMaintenanceQueryOptions(DASHBOARD_RUNNING_JOBS),
    maintenancePlansQueryOptions(DASHBOARD_PLANS),
  ] as const;

function RunningJobItem({ job, onOpen }: { job: MaintenanceJob; onOpen: (bayId: string) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Paper withBorder p="xs" radius="md" data-maintenance-id={job.id} data-overdue={job.overdue}>
      <UnstyledButton
        onClick={() => onOpen(job.bayId)}
        w="100%"
        aria-label={t('maintenance.running.openLabel', { bay: job.bayName, location: job.locationName })}
      >
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={8} wrap="nowrap">
            <Badge color="blue" variant="light" size="sm" style={{ flexShrink: 0 }}>
              {t(`maintenance.types.${job.type}`)}
            </Badge>
            <Text size="sm" fw={600} truncate>
              {`${job.bayName} · ${job.locationName}`}
            </Text>
            <OverdueBadge job={job} />
            {job.planId && (
              <Badge color="gray" variant="outline" size="sm" style={{ flexShrink: 0 }}>
                {t('maintenance.plans.badge')}
              </Badge>
            )}
          </Group>
          <Text
            size="xs"
            c="dimmed"
            truncate
            title={formatDateTime(job.startedAt, i18n.language) ?? undefined}
          >
            <AssigneeName job={job} />
            {' · '}
            {t('maintenance.running.started', { time: formatRelativeTime(job.startedAt, i18n.language) })}
          </Text>
        </Stack>
      </UnstyledButton>
    </Paper>
  );
}

/**
 * 'Pågående vedlikehold' on the dashboard: the running jobs of every facility the user may see (the server
 * filters by access), overdue first, each opening its bay's panel; under them 'Planlagt', the next plans.
 */
export function RunningMaintenanceCard({ onOpenBay }: { onOpenBay: (bayId: string) => void }) {
  const { t } = useTranslation();
  const running = useRunningMaintenance(DASHBOARD_RUNNING_JOBS);
  const error = useApiErrorMessage(running.isError ? running.error : null);
  const title = t('maintenance.running.title');
  const jobs = running.data?.data ?? [];
  return (
    <Card padding="md" mb="lg" component="section" aria-label={title}>
      <Stack gap="xs">
        <Group gap="sm">
          <Title order={2} fz="md">
            {title}
          </Title>
          {jobs.length > 0 && (
            <Badge color="blue" variant="filled" circle>
              {running.data?.count}
            </Badge>
          )}
        </Group>
        {running.isPending ? (
          // The height of the line 'Ingen vaskehaller er i vedlikehold nå', the common answer, for a page that
          // does not wait for the card as the dashboard does.
          <Skeleton height={22} radius="md" aria-label={t('app.loading')} />
        ) : error && !running.data ? (
          <Text size="sm" c="red">
            {t('maintenance.running.loadError')} {error}
          </Text>
        ) : jobs.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('maintenance.running.empty')}
          </Text>
        ) : (
          // A plain scroll box: Mantine's ScrollArea lets its content grow past the card's width on a phone.
          <Box mah={260} style={{ overflowY: 'auto', overflowX: 'hidden' }}>
            <Stack gap="xs">
              {jobs.map((job) => (
                <RunningJobItem key={job.id} job={job} onOpen={onOpenBay} />
              ))}
            </Stack>
          </Box>
        )}
        <Title order={3} fz="sm" mt="xs">
          {t('maintenance.plans.title')}
        </Title>
        <Box mah={260} style={{ overflowY: 'auto', overflowX: 'hidden' }}>
          <PlannedMaintenanceList
            scope={DASHBOARD_PLANS.scope}
            perPage={DASHBOARD_PLANS.perPage}
            onOpenBay={onOpenBay}
          />
        </Box>
      </Stack>
    </Card>
  );
}
