import { Group, Input, Radio, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  createRecipientSchema,
  type Recipient,
  type RecipientKind,
  updateRecipientSchema,
} from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { EntityFormModal, useCreateOrUpdateSubmit } from '../../../components/entity-form-modal';
import { HoursMinutesInput } from '../../../components/hours-minutes-input';
import { LocationMultiSelect } from '../../../components/location-select';
import { NotificationTagsField } from '../../../components/notification-tags';
import { useGroupOptions } from '../../../lib/queries/use-group-options';
import { useCreateRecipient } from '../api/create-recipient';
import { useUpdateRecipient } from '../api/update-recipient';
import {
  RECIPIENT_FIELDS,
  type RecipientFormValues,
  recipientFormValues,
  toCreateRecipient,
  toUpdateRecipient,
  validateRecipient,
} from '../recipient-form';
import { UserSelect } from './user-select';

const KINDS: readonly RecipientKind[] = ['user', 'group', 'custom'];

/**
 * 'Ny mottaker' (no `recipient`) or 'Rediger mottaker': who (a user, a group or a custom address; fixed
 * once saved), what they are told (tags), how often they are reminded, and for which facilities.
 */
export function RecipientFormModal({
  recipient,
  onClose,
}: {
  recipient: Recipient | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const createRecipient = useCreateRecipient();
  const updateRecipient = useUpdateRecipient();
  const groupOptions = useGroupOptions();
  const form = useForm<RecipientFormValues>({
    mode: 'controlled',
    initialValues: recipientFormValues(recipient),
    validate: (values) => validateRecipient(values, recipient?.id ?? null),
  });
  const current = form.getValues();

  const save = useCreateOrUpdateSubmit({
    form,
    fields: RECIPIENT_FIELDS,
    onClose,
    create: {
      mutation: createRecipient,
      input: (values) => createRecipientSchema.parse(toCreateRecipient(values)),
      success: (saved) => t('notifications.create.success', { name: saved.name }),
    },
    update: recipient
      ? {
          mutation: updateRecipient,
          input: (values) => updateRecipientSchema.parse(toUpdateRecipient(recipient.id, values)),
          success: (saved) => t('notifications.edit.success', { name: saved.name }),
        }
      : null,
  });

  return (
    <EntityFormModal
      opened
      onClose={save.close}
      size="lg"
      title={recipient ? t('notifications.edit.title') : t('notifications.create.title')}
      submitLabel={recipient ? t('notifications.edit.submit') : t('notifications.create.submit')}
      pending={save.pending}
      onSubmit={form.onSubmit(save.submit)}
    >
      {recipient ? (
        <Stack gap={2}>
          <Input.Label labelElement="div">{t('notifications.fields.kind')}</Input.Label>
          <Text size="sm">
            {recipient.name}{' '}
            <Text span c="dimmed" size="sm">
              ({[t(`notifications.kinds.${recipient.kind}`), recipient.email].filter(Boolean).join(', ')})
            </Text>
          </Text>
        </Stack>
      ) : (
        <>
          <Stack gap={4}>
            <Input.Label labelElement="div" id="recipient-kind-label">
              {t('notifications.fields.kind')}
            </Input.Label>
            <SegmentedControl
              aria-labelledby="recipient-kind-label"
              data={KINDS.map((kind) => ({ value: kind, label: t(`notifications.kinds.${kind}`) }))}
              {...form.getInputProps('recipient.kind')}
            />
          </Stack>
          {current.recipient.kind === 'user' && (
            <UserSelect
              label={t('notifications.fields.user')}
              placeholder={t('notifications.fields.userPlaceholder')}
              withAsterisk
              {...form.getInputProps('recipient.userId')}
            />
          )}
          {current.recipient.kind === 'group' && (
            <Select
              label={t('notifications.fields.group')}
              placeholder={t('notifications.fields.groupPlaceholder')}
              description={t('notifications.fields.groupHint')}
              searchable
              withAsterisk
              data={groupOptions}
              nothingFoundMessage={t('notifications.fields.noGroups')}
              {...form.getInputProps('recipient.groupId')}
            />
          )}
          {current.recipient.kind === 'custom' && (
            <Group grow align="flex-start">
              <TextInput
                label={t('notifications.fields.name')}
                withAsterisk
                autoComplete="off"
                {...form.getInputProps('recipient.name')}
              />
              <TextInput
                label={t('notifications.fields.email')}
                type="email"
                withAsterisk
                autoComplete="off"
                {...form.getInputProps('recipient.email')}
              />
            </Group>
          )}
        </>
      )}
      <NotificationTagsField
        inputProps={form.getInputProps('tags')}
        description={t('notifications.fields.tagsHint')}
      />
      <HoursMinutesInput
        label={t('notifications.fields.reminder')}
        description={t('notifications.fields.reminderHint')}
        hoursLabel={t('notifications.fields.reminderHours')}
        minutesLabel={t('notifications.fields.reminderMinutes')}
        maxHours={24 * 365}
        hoursProps={form.getInputProps('reminderHours')}
        minutesProps={form.getInputProps('reminderMinutes')}
      />
      <Radio.Group label={t('notifications.fields.scope')} {...form.getInputProps('scope')}>
        <Group gap="lg" mt={6}>
          <Radio value="all" label={t('notifications.scope.all')} />
          <Radio value="selected" label={t('notifications.scope.selected')} />
        </Group>
      </Radio.Group>
      {current.scope === 'selected' && (
        <LocationMultiSelect
          label={t('notifications.fields.locations')}
          placeholder={t('notifications.fields.locationsPlaceholder')}
          withAsterisk
          known={recipient?.locations.map((location) => ({ value: location.id, label: location.name }))}
          {...form.getInputProps('locationIds')}
        />
      )}
    </EntityFormModal>
  );
}
