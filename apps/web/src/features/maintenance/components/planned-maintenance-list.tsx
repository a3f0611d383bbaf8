import { ActionIcon, Badge, Group, Paper, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { canManageMaintenance, type MaintenancePlan } from '@vaskedrift/shared';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmMutation } from '../../../components/confirm';
import { useAuth } from '../../../lib/auth-context';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useDeleteMaintenancePlan } from '../api/delete-maintenance-plan';
import { useMaintenancePlans } from '../api/get-maintenance-plans';
import type { MaintenancePlanScope } from '../api/maintenance-requests';
import { describeRepeat, formatPlanWindow } from '../plan-text';

// The form (dates, its rules and their pickers) loads when a plan is edited: the list shows on the dashboard,
// whose first screen does not wait for it (decision 040).
const PlanFormModal = lazy(() =>
  import('./plan-form-modal').then((module) => ({ default: module.PlanFormModal })),
);

/** The plans a list shows at most; each bay's own list has the rest. */
const SHOWN_PLANS = 20;

function assigneeOf(plan: MaintenancePlan, unknown: string): string {
  return plan.customAssignee?.name ?? plan.assignee?.name ?? unknown;
}

/**
 * One plan: type, 'Planlagt', its next window on the Oslo clock, how it repeats and who has it; the bay
 * and facility when the list is wider than a bay; edit and delete (asked first) for those who may.
 */
function PlanItem({
  plan,
  showBay,
  canManage,
  onOpenBay,
  onEdit,
}: {
  plan: MaintenancePlan;
  showBay: boolean;
  canManage: boolean;
  onOpenBay?: (bayId: string) => void;
  onEdit: (plan: MaintenancePlan) => void;
}) {
  const { t, i18n } = useTranslation();
  const remove = useDeleteMaintenancePlan();
  const next = plan.nextStartAt ? formatPlanWindow(plan.nextStartAt, plan.nextEndAt, i18n.language) : '';
  const body: ReactNode = (
    <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
      <Group gap={6} wrap="wrap">
        <Badge color="blue" variant="light" size="sm" style={{ flexShrink: 0 }}>
          {t(`maintenance.types.${plan.type}`)}
        </Badge>
        <Badge color="gray" variant="outline" size="sm" style={{ flexShrink: 0 }}>
          {t('maintenance.plans.badge')}
        </Badge>
        {showBay && (
          <Text size="sm" fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {`${plan.bayName} · ${plan.locationName}`}
          </Text>
        )}
      </Group>
      <Text size="sm" fw={500} data-plan-next>
        {next}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {describeRepeat(plan.repeat, plan.startsAt, t, i18n.language)}
        {' · '}
        {assigneeOf(plan, t('maintenance.details.unknownPerson'))}
      </Text>
    </Stack>
  );
  return (
    <Paper withBorder p="xs" radius="md" data-plan-id={plan.id}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        {onOpenBay ? (
          <UnstyledButton
            onClick={() => onOpenBay(plan.bayId)}
            style={{ minWidth: 0, flex: 1 }}
            aria-label={t('maintenance.plans.openLabel', { bay: plan.bayName, location: plan.locationName })}
          >
            {body}
          </UnstyledButton>
        ) : (
          body
        )}
        {canManage && (
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={t('maintenance.editPlan.label', { bay: plan.bayName })}
              onClick={() => onEdit(plan)}
            >
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              loading={remove.isPending}
              aria-label={t('maintenance.deletePlan.label', { bay: plan.bayName })}
              onClick={() =>
                confirmMutation({
                  mutation: remove,
                  variables: plan.id,
                  title: t('maintenance.deletePlan.title'),
                  message: t('maintenance.deletePlan.confirm', { bay: plan.bayName }),
                  confirmLabel: t('maintenance.deletePlan.confirmButton'),
                  success: t('maintenance.deletePlan.success', { bay: plan.bayName }),
                })
              }
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        )}
      </Group>
    </Paper>
  );
}

/**
 * 'Planlagt': the plans still to come of a bay, a facility or (empty scope) every facility the user sees,
 * the soonest first. Operators and up edit and delete them here (the server checks the facility).
 */
export function PlannedMaintenanceList({
  scope,
  perPage = SHOWN_PLANS,
  onOpenBay,
  empty,
}: {
  scope: MaintenancePlanScope;
  perPage?: number;
  onOpenBay?: (bayId: string) => void;
  /** What shows without plans; default the 'Ingen planlagt vedlikehold' line. */
  empty?: ReactNode;
}) {
  const { t } = useTranslation();
  const { role } = useAuth();
  const plans = useMaintenancePlans({ scope, page: 1, perPage });
  const error = useApiErrorMessage(plans.isError ? plans.error : null);
  const [editing, setEditing] = useState<MaintenancePlan | null>(null);
  const canManage = role != null && canManageMaintenance(role);
  const showBay = !('bayId' in scope);

  if (plans.isPending) return <Skeleton height={48} radius="md" aria-label={t('app.loading')} />;
  if (error && !plans.data)
    return (
      <Text size="sm" c="red">
        {t('maintenance.plans.loadError')} {error}
      </Text>
    );
  const rows = plans.data?.data ?? [];
  if (rows.length === 0)
    return (
      empty ?? (
        <Text size="sm" c="dimmed">
          {t('maintenance.plans.empty')}
        </Text>
      )
    );
  return (
    <Stack gap="xs" data-planned-maintenance>
      {rows.map((plan) => (
        <PlanItem
          key={plan.id}
          plan={plan}
          showBay={showBay}
          canManage={canManage}
          onOpenBay={onOpenBay}
          onEdit={setEditing}
        />
      ))}
      {editing && (
        <Suspense fallback={null}>
          <PlanFormModal
            opened
            onClose={() => setEditing(null)}
            bayId={editing.bayId}
            bayName={editing.bayName}
            plan={editing}
          />
        </Suspense>
      )}
    </Stack>
  );
}
