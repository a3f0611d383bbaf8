import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconCalendarPlus, IconPencil, IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { canManageMaintenance } from '@vaskedrift/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmMutation } from '../../../components/confirm';
import { LoadError } from '../../../components/load-error';
import { useAuth } from '../../../lib/auth-context';
import { useEndMaintenance } from '../api/end-maintenance';
import { useBayMaintenance } from '../api/get-bay-maintenance';
import { MaintenanceFormModal } from './maintenance-form-modal';
import { MaintenanceJobDetails } from './maintenance-job-details';
import { PlanFormModal } from './plan-form-modal';
import { PlannedMaintenanceList } from './planned-maintenance-list';

/**
 * A bay's running maintenance and, for those who may (operators and up; the server decides the
 * facility), 'Start vedlikehold' when none runs, else 'Endre' and 'Avslutt vedlikehold' (asked first);
 * then its planned maintenance ('Planlagt') with 'Planlegg'.
 */
export function BayMaintenance({ bayId, bayName }: { bayId: string; bayName: string }) {
  const { t } = useTranslation();
  const { role } = useAuth();
  const running = useBayMaintenance(bayId);
  const end = useEndMaintenance();
  const [formOpen, setFormOpen] = useState(false);
  const [planOpen, setPlanOpen] = useState(false);
  const canManage = role != null && canManageMaintenance(role);

  if (running.isPending) return <Skeleton height={72} radius="md" aria-label={t('app.loading')} />;
  if (running.isError && running.data === undefined)
    return (
      <LoadError error={running.error} onRetry={() => running.refetch()} retrying={running.isFetching} />
    );
  const job = running.data;

  return (
    <Stack gap="sm" data-maintenance={job ? 'running' : 'none'}>
      {job ? (
        <MaintenanceJobDetails job={job} />
      ) : (
        <Text size="sm" c="dimmed">
          {t('maintenance.running.none')}
        </Text>
      )}
      {canManage && (
        <Group gap="xs">
          {job ? (
            <>
              <Button
                variant="light"
                size="sm"
                leftSection={<IconPencil size={16} aria-hidden />}
                onClick={() => setFormOpen(true)}
                aria-label={t('maintenance.edit.label', { bay: bayName })}
              >
                {t('maintenance.edit.button')}
              </Button>
              <Button
                color="red"
                variant="light"
                size="sm"
                leftSection={<IconPlayerStop size={16} aria-hidden />}
                loading={end.isPending}
                onClick={() =>
                  confirmMutation({
                    mutation: end,
                    variables: bayId,
                    title: t('maintenance.end.title'),
                    message: t('maintenance.end.confirm', { bay: bayName }),
                    confirmLabel: t('maintenance.end.confirmButton'),
                    success: t('maintenance.end.success', { bay: bayName }),
                  })
                }
              >
                {t('maintenance.end.button')}
              </Button>
            </>
          ) : (
            <Button
              size="sm"
              color="blue"
              leftSection={<IconPlayerPlay size={16} aria-hidden />}
              onClick={() => setFormOpen(true)}
            >
              {t('maintenance.start.button')}
            </Button>
          )}
          <Button
            variant="default"
            size="sm"
            leftSection={<IconCalendarPlus size={16} aria-hidden />}
            onClick={() => setPlanOpen(true)}
            aria-label={t('maintenance.plan.title')}
          >
            {t('maintenance.plan.button')}
          </Button>
        </Group>
      )}
      <Stack gap={6} component="section" aria-label={t('maintenance.plans.title')}>
        <Text size="sm" fw={600}>
          {t('maintenance.plans.title')}
        </Text>
        <PlannedMaintenanceList scope={{ bayId }} />
      </Stack>
      {planOpen && (
        <PlanFormModal
          opened
          onClose={() => setPlanOpen(false)}
          bayId={bayId}
          bayName={bayName}
          plan={null}
        />
      )}
      {formOpen && (
        <MaintenanceFormModal
          opened
          onClose={() => setFormOpen(false)}
          bayId={bayId}
          bayName={bayName}
          job={job}
        />
      )}
    </Stack>
  );
}
