import {
  Checkbox,
  Input,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { GetInputProps } from '@mantine/form';
import { MAINTENANCE_TYPES } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { HoursMinutesInput } from '../../../components/hours-minutes-input';
import { useMaintenanceAssignees } from '../api/get-maintenance-assignees';
import type { MaintenanceFormValues } from '../maintenance-form-values';

/** What a job started now and a planned one ask alike. */
type JobFieldValues = Pick<
  MaintenanceFormValues,
  | 'type'
  | 'assigneeKind'
  | 'assigneeId'
  | 'customAssignee'
  | 'description'
  | 'reminderHours'
  | 'reminderMinutes'
  | 'notifyUsers'
>;

type FieldsProps = { getInputProps: GetInputProps<JobFieldValues> };

/**
 * Type and assignee: a user from the bay's picker (one who has since lost access still shows when
 * `assigned`) or a person of one's own with name, e-mail and phone.
 */
export function JobAssigneeFields({
  getInputProps,
  bayId,
  opened,
  custom,
  assigned,
}: FieldsProps & {
  bayId: string;
  opened: boolean;
  custom: boolean;
  assigned: { id: string; name: string } | null | undefined;
}) {
  const { t } = useTranslation();
  const assignees = useMaintenanceAssignees(bayId, opened);
  const options = (assignees.data ?? []).map((person) => ({ value: person.id, label: person.name }));
  if (assigned && !options.some((option) => option.value === assigned.id)) {
    options.push({ value: assigned.id, label: assigned.name });
  }
  return (
    <>
      <Select
        label={t('maintenance.fields.type')}
        withAsterisk
        allowDeselect={false}
        data={MAINTENANCE_TYPES.map((type) => ({ value: type, label: t(`maintenance.types.${type}`) }))}
        {...getInputProps('type')}
      />
      <Input.Wrapper label={t('maintenance.fields.assigneeKind')} withAsterisk>
        <SegmentedControl
          fullWidth
          mt={4}
          data={[
            { value: 'user', label: t('maintenance.fields.assigneeUser') },
            { value: 'custom', label: t('maintenance.fields.assigneeCustom') },
          ]}
          {...getInputProps('assigneeKind')}
        />
      </Input.Wrapper>
      {custom ? (
        <Stack gap="sm">
          <TextInput
            label={t('maintenance.fields.customName')}
            withAsterisk
            autoComplete="off"
            {...getInputProps('customAssignee.name')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label={t('maintenance.fields.customEmail')}
              type="email"
              withAsterisk
              autoComplete="off"
              {...getInputProps('customAssignee.email')}
            />
            <TextInput
              label={t('maintenance.fields.customPhone')}
              type="tel"
              withAsterisk
              autoComplete="off"
              {...getInputProps('customAssignee.phone')}
            />
          </SimpleGrid>
        </Stack>
      ) : (
        <Select
          label={t('maintenance.fields.assigneeId')}
          placeholder={t('maintenance.fields.assigneeIdPlaceholder')}
          nothingFoundMessage={t('maintenance.fields.assigneeIdEmpty')}
          withAsterisk
          searchable
          data={options}
          disabled={assignees.isPending}
          {...getInputProps('assigneeId')}
        />
      )}
    </>
  );
}

/** Description, reminder delay and whether the bay's users are told. */
export function JobFollowUpFields({ getInputProps }: FieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Textarea
        label={t('maintenance.fields.description')}
        placeholder={t('maintenance.fields.descriptionPlaceholder')}
        autosize
        minRows={2}
        maxRows={6}
        {...getInputProps('description')}
      />
      <HoursMinutesInput
        label={t('maintenance.fields.reminder')}
        description={t('maintenance.fields.reminderHint')}
        withAsterisk
        hoursLabel={t('maintenance.fields.reminderHours')}
        minutesLabel={t('maintenance.fields.reminderMinutes')}
        hoursProps={getInputProps('reminderHours')}
        minutesProps={getInputProps('reminderMinutes')}
      />
      <Checkbox
        label={t('maintenance.fields.notifyUsers')}
        description={t('maintenance.fields.notifyUsersHint')}
        {...getInputProps('notifyUsers', { type: 'checkbox' })}
      />
    </>
  );
}
