import '@mantine/dates/styles.css';
import 'dayjs/locale/de';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import 'dayjs/locale/ja';
import 'dayjs/locale/nb';
import {
  Chip,
  Group,
  Input,
  List,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { DatesProvider, DateTimePicker } from '@mantine/dates';
import { schemaResolver, useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import {
  createMaintenancePlanSchema,
  type MaintenancePlan,
  occurrences,
  PLAN_REPEAT_KINDS,
  type PlanRepeatKind,
  planRepeatSchema,
  planRuleIssues,
  planStartIssue,
  updateMaintenancePlanSchema,
  WEEKDAYS,
  zonedWeekday,
} from '@vaskedrift/shared';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityFormModal, useCreateOrUpdateSubmit } from '../../../components/entity-form-modal';
import { useCreateMaintenancePlan } from '../api/create-maintenance-plan';
import { useUpdateMaintenancePlan } from '../api/update-maintenance-plan';
import {
  fromOsloPicker,
  type PlanFormValues,
  planFormValues,
  toCreateInput,
  toUpdateInput,
} from '../plan-form-values';
import { formatPlanWindow, weekdayName } from '../plan-text';
import { JobAssigneeFields, JobFollowUpFields } from './job-fields';

/** The server's field errors that the form shows in place. */
const FIELDS = [
  'type',
  'assigneeId',
  'customAssignee.name',
  'customAssignee.email',
  'customAssignee.phone',
  'startsAt',
  'endsAt',
  'repeat.kind',
  'repeat.every',
  'repeat.weekdays',
  'description',
  'reminderHours',
  'reminderMinutes',
] as const;

const checkPlan = schemaResolver(createMaintenancePlanSchema, { sync: true });
const PREVIEW = 3;

/** The next few starts and ends the form's values give, for the user to see the rule as the server will. */
function Preview({ values, bayId }: { values: PlanFormValues; bayId: string }) {
  const { t, i18n } = useTranslation();
  const input = toCreateInput(values, bayId);
  const repeat = planRepeatSchema.safeParse(input.repeat);
  if (!input.startsAt || !repeat.success || repeat.data.kind === 'none') return null;
  if (planRuleIssues({ ...input, repeat: repeat.data }).length > 0) return null;
  const rule = {
    startsAt: new Date(input.startsAt),
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
    recurrence: repeat.data,
  };
  const next = occurrences(rule, { from: new Date(), limit: PREVIEW });
  if (next.length === 0) return null;
  return (
    <Stack gap={4} data-plan-preview>
      <Text size="sm" fw={500}>
        {t('maintenance.fields.preview')}
      </Text>
      <List size="sm" spacing={2}>
        {next.map((occurrence) => (
          <List.Item key={occurrence.startsAt.toISOString()}>
            {formatPlanWindow(
              occurrence.startsAt.toISOString(),
              occurrence.endsAt?.toISOString() ?? null,
              i18n.language,
            )}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** The weekdays a weekly plan starts on, Monday first, each named in full for a screen reader. */
function WeekdayChips({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (days: string[]) => void;
  error: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Input.Wrapper label={t('maintenance.fields.weekdays')} withAsterisk error={error} data-weekdays>
      <Chip.Group multiple value={value} onChange={onChange}>
        <Group gap={6} mt={6}>
          {WEEKDAYS.map((day) => (
            <Chip key={day} value={String(day)} size="sm" aria-label={weekdayName(day, i18n.language)}>
              {weekdayName(day, i18n.language, 'short')}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Input.Wrapper>
  );
}

/**
 * 'Planlegg vedlikehold' (no `plan`) or 'Endre plan': start and expected end on the Norwegian clock, how it
 * repeats (not, every N days, or given weekdays of every N-th week), and what each job it starts gets
 * (type, who, description, reminder, notification). Checked with the shared schema before it is sent; the
 * server's refusal is shown under its field.
 */
export function PlanFormModal({
  opened,
  onClose,
  bayId,
  bayName,
  plan,
}: {
  opened: boolean;
  onClose: () => void;
  bayId: string;
  bayName: string;
  plan: MaintenancePlan | null;
}) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const create = useCreateMaintenancePlan();
  const update = useUpdateMaintenancePlan();
  const form = useForm<PlanFormValues>({
    mode: 'controlled',
    initialValues: planFormValues(plan),
    validate: (values) => {
      const input = toCreateInput(values, bayId);
      const errors = checkPlan(input);
      const startChanged = !plan || input.startsAt !== plan.startsAt;
      const past = input.startsAt && startChanged ? planStartIssue(input.startsAt, new Date()) : null;
      if (past && !errors.startsAt) errors.startsAt = past.message;
      return errors;
    },
  });
  const { submit, pending, close } = useCreateOrUpdateSubmit({
    form,
    fields: FIELDS,
    create: {
      mutation: create,
      input: (values: PlanFormValues) => createMaintenancePlanSchema.parse(toCreateInput(values, bayId)),
      success: () => t('maintenance.plan.success', { bay: bayName }),
    },
    update: plan
      ? {
          mutation: update,
          input: (values: PlanFormValues) => updateMaintenancePlanSchema.parse(toUpdateInput(values, plan)),
          success: () => t('maintenance.editPlan.success', { bay: bayName }),
        }
      : null,
    onClose,
  });

  const custom = form.values.assigneeKind === 'custom';
  const repeatKind = form.values.repeat.kind;
  /** Weekly from the start's own weekday, until the user picks others. */
  const chooseRepeat = (kind: PlanRepeatKind) => {
    form.setFieldValue('repeat.kind', kind);
    const start = fromOsloPicker(form.values.startsAt);
    if (kind === 'weeks' && form.values.repeat.weekdays.length === 0 && start) {
      form.setFieldValue('repeat.weekdays', [String(zonedWeekday(new Date(start)))]);
    }
  };
  const today = dayjs().format('YYYY-MM-DD');
  const picker = {
    valueFormat: 'DD.MM.YYYY HH:mm',
    placeholder: t('maintenance.fields.expiresAtPlaceholder'),
    dropdownType: phone ? ('modal' as const) : ('popover' as const),
    minDate: today,
  };

  return (
    <EntityFormModal
      opened={opened}
      onClose={close}
      title={plan ? t('maintenance.editPlan.title') : t('maintenance.plan.title')}
      size="lg"
      fullScreen={phone}
      submitLabel={plan ? t('maintenance.editPlan.submit') : t('maintenance.plan.submit')}
      pending={pending}
      onSubmit={form.onSubmit(submit)}
    >
      <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DateTimePicker
            label={t('maintenance.fields.startsAt')}
            description={t('maintenance.fields.startsAtHint')}
            withAsterisk
            {...picker}
            {...form.getInputProps('startsAt')}
          />
          <DateTimePicker
            label={t('maintenance.fields.expiresAt')}
            description={t('maintenance.fields.endsAtHint')}
            withAsterisk={repeatKind !== 'none'}
            clearable
            {...picker}
            {...form.getInputProps('endsAt')}
          />
        </SimpleGrid>
      </DatesProvider>
      <Text size="sm" c="dimmed" mt={-8}>
        {t('maintenance.fields.windowHint')}
      </Text>
      <Input.Wrapper label={t('maintenance.fields.repeat')} error={form.errors['repeat.kind']}>
        <SegmentedControl
          fullWidth
          mt={4}
          data={PLAN_REPEAT_KINDS.map((kind) => ({
            value: kind,
            label: t(`maintenance.fields.repeatKinds.${kind}`),
          }))}
          aria-label={t('maintenance.fields.repeat')}
          value={repeatKind}
          onChange={(kind) => chooseRepeat(kind as PlanRepeatKind)}
        />
      </Input.Wrapper>
      {repeatKind !== 'none' && (
        <NumberInput
          label={
            repeatKind === 'days'
              ? t('maintenance.fields.repeatEveryDays')
              : t('maintenance.fields.repeatEveryWeeks')
          }
          description={
            repeatKind === 'days'
              ? t('maintenance.fields.repeatEveryDaysHint')
              : t('maintenance.fields.repeatEveryWeeksHint')
          }
          withAsterisk
          min={1}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('repeat.every')}
        />
      )}
      {repeatKind === 'weeks' && (
        <WeekdayChips
          value={form.values.repeat.weekdays}
          onChange={(days) => form.setFieldValue('repeat.weekdays', days)}
          error={form.errors['repeat.weekdays']}
        />
      )}
      <Preview values={form.values} bayId={bayId} />
      <JobAssigneeFields
        getInputProps={form.getInputProps}
        bayId={bayId}
        opened={opened}
        custom={custom}
        assigned={plan?.assignee}
      />
      <JobFollowUpFields getInputProps={form.getInputProps} />
    </EntityFormModal>
  );
}
