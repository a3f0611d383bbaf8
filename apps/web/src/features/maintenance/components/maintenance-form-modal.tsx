import '@mantine/dates/styles.css';
import 'dayjs/locale/de';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import 'dayjs/locale/ja';
import 'dayjs/locale/nb';
import { DatesProvider, DateTimePicker } from '@mantine/dates';
import { schemaResolver, useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import {
  MAINTENANCE_MESSAGES,
  type MaintenanceJob,
  startMaintenanceSchema,
  updateMaintenanceSchema,
} from '@vaskedrift/shared';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { EntityFormModal, useCreateOrUpdateSubmit } from '../../../components/entity-form-modal';
import { useStartMaintenance } from '../api/start-maintenance';
import { useUpdateMaintenance } from '../api/update-maintenance';
import {
  type MaintenanceFormValues,
  maintenanceFormValues,
  toIso,
  toStartInput,
  toUpdateInput,
} from '../maintenance-form-values';
import { JobAssigneeFields, JobFollowUpFields } from './job-fields';

/** The server's field errors that the form shows in place. */
const FIELDS = [
  'type',
  'assigneeId',
  'customAssignee.name',
  'customAssignee.email',
  'customAssignee.phone',
  'expiresAt',
  'description',
  'reminderHours',
  'reminderMinutes',
] as const;

const checkStart = schemaResolver(startMaintenanceSchema, { sync: true });

/**
 * 'Start vedlikehold' (no `job`) or 'Endre' (the running `job`): type, a user from the picker or a person of
 * one's own, expected end, description, notification and reminder. Checked with the shared schema
 * before it is sent; the server's refusal is shown under its field.
 */
export function MaintenanceFormModal({
  opened,
  onClose,
  bayId,
  bayName,
  job,
}: {
  opened: boolean;
  onClose: () => void;
  bayId: string;
  bayName: string;
  job: MaintenanceJob | null;
}) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const start = useStartMaintenance();
  const update = useUpdateMaintenance();
  const form = useForm<MaintenanceFormValues>({
    mode: 'controlled',
    initialValues: maintenanceFormValues(job),
    validate: (values) => {
      const errors = checkStart(toStartInput(values, bayId));
      const expiresAt = toIso(values.expiresAt);
      const startedAt = job ? Date.parse(job.startedAt) : Date.now();
      if (expiresAt && Date.parse(expiresAt) <= startedAt && !errors.expiresAt) {
        errors.expiresAt = MAINTENANCE_MESSAGES.expiresBeforeStart;
      }
      return errors;
    },
  });
  const { submit, pending, close } = useCreateOrUpdateSubmit({
    form,
    fields: FIELDS,
    create: {
      mutation: start,
      input: (values: MaintenanceFormValues) => startMaintenanceSchema.parse(toStartInput(values, bayId)),
      success: () => t('maintenance.start.success', { bay: bayName }),
    },
    update: job
      ? {
          mutation: update,
          input: (values: MaintenanceFormValues) => updateMaintenanceSchema.parse(toUpdateInput(values, job)),
          success: () => t('maintenance.edit.success', { bay: bayName }),
        }
      : null,
    onClose,
  });

  const custom = form.values.assigneeKind === 'custom';

  return (
    <EntityFormModal
      opened={opened}
      onClose={close}
      title={job ? t('maintenance.edit.title') : t('maintenance.start.title')}
      size="lg"
      fullScreen={phone}
      submitLabel={job ? t('maintenance.edit.submit') : t('maintenance.start.submit')}
      pending={pending}
      onSubmit={form.onSubmit(submit)}
    >
      <JobAssigneeFields
        getInputProps={form.getInputProps}
        bayId={bayId}
        opened={opened}
        custom={custom}
        assigned={job?.assignee}
      />
      <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
        <DateTimePicker
          label={t('maintenance.fields.expiresAt')}
          description={t('maintenance.fields.expiresAtHint')}
          placeholder={t('maintenance.fields.expiresAtPlaceholder')}
          valueFormat="DD.MM.YYYY HH:mm"
          clearable
          minDate={dayjs(job?.startedAt ?? undefined).format('YYYY-MM-DD')}
          dropdownType={phone ? 'modal' : 'popover'}
          {...form.getInputProps('expiresAt')}
        />
      </DatesProvider>
      <JobFollowUpFields getInputProps={form.getInputProps} />
    </EntityFormModal>
  );
}
