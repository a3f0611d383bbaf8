import { Chip, Group, Input, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { createMuteSchema, MAX_MUTE_HOURS } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { EntityFormModal } from '../../../components/entity-form-modal';
import { apiFieldErrors } from '../../../lib/form-errors';
import { formatUntil } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { apiErrorMessage } from '../../../lib/use-api-error-message';
import { useCreateMute } from '../api/create-mute';
import type { MuteScope } from '../api/get-mutes';

const PRESETS = ['1', '4', '8', '24'] as const;
const CUSTOM = 'custom';

interface MuteValues {
  preset: string;
  customHours: number | string;
  reason: string;
}

const checkMute = schemaResolver(createMuteSchema, { sync: true });

function toInput(scope: MuteScope, values: MuteValues) {
  const hours = values.preset === CUSTOM ? values.customHours : values.preset;
  return { ...scope, hours: hours === '' ? Number.NaN : Number(hours), reason: values.reason };
}

/** 'Demp varsler': for how long (1, 4, 8 or 24 hours, or up to a week) and why. */
export function MuteModal({ scope, onClose }: { scope: MuteScope; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const createMute = useCreateMute();
  const form = useForm<MuteValues>({
    mode: 'controlled',
    initialValues: { preset: '4', customHours: 48, reason: '' },
    validate: (values) => {
      const { hours, ...errors } = checkMute(toInput(scope, values));
      return hours ? { ...errors, customHours: hours } : errors;
    },
  });
  const values = form.getValues();

  const close = () => {
    createMute.reset();
    onClose();
  };

  const submit = (submitted: MuteValues) =>
    void createMute.mutateAsync(createMuteSchema.parse(toInput(scope, submitted))).then(
      (mute) => {
        notifySuccess(t('mutes.create.success', { time: formatUntil(mute.until, i18n.language) }));
        close();
      },
      (error: Error) => {
        const errors = apiFieldErrors(error, ['reason']);
        if (errors) form.setErrors(errors);
        else notifyError(apiErrorMessage(error, t));
      },
    );

  return (
    <EntityFormModal
      opened
      onClose={close}
      title={'bayId' in scope ? t('mutes.create.titleBay') : t('mutes.create.titleLocation')}
      submitLabel={t('mutes.create.submit')}
      pending={createMute.isPending}
      onSubmit={form.onSubmit(submit)}
    >
      <Text size="sm" c="dimmed">
        {t('mutes.create.text')}
      </Text>
      <Stack gap={4}>
        <Input.Label labelElement="div" id="mute-hours-label">
          {t('mutes.fields.hours')}
        </Input.Label>
        <Chip.Group {...form.getInputProps('preset')}>
          <Group gap="xs" role="radiogroup" aria-labelledby="mute-hours-label">
            {PRESETS.map((hours) => (
              <Chip key={hours} value={hours} type="radio">
                {t('mutes.hours', { count: Number(hours) })}
              </Chip>
            ))}
            <Chip value={CUSTOM} type="radio">
              {t('mutes.fields.custom')}
            </Chip>
          </Group>
        </Chip.Group>
      </Stack>
      {values.preset === CUSTOM && (
        <NumberInput
          label={t('mutes.fields.customHours')}
          description={t('mutes.fields.customHoursHint', { max: MAX_MUTE_HOURS })}
          min={1}
          max={MAX_MUTE_HOURS}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('customHours')}
        />
      )}
      <Textarea
        label={t('mutes.fields.reason')}
        placeholder={t('mutes.fields.reasonPlaceholder')}
        autosize
        minRows={2}
        maxRows={4}
        {...form.getInputProps('reason')}
      />
    </EntityFormModal>
  );
}
