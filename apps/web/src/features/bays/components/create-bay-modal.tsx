import { Button, Group, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type BayStatus, createBaySchema } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { LocationSelect } from '../../../components/location-select';
import { apiFieldErrors } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { apiErrorMessage } from '../../../lib/use-api-error-message';
import { useCreateBay } from '../api/create-bay';
import { BayStatusSelect } from './bay-status-select';

interface CreateBayValues {
  locationId: string | null;
  name: string;
  status: BayStatus;
  sortOrder: number | string;
}

const FIELDS = ['locationId', 'name', 'status', 'sortOrder'] as const;
const checkBay = schemaResolver(createBaySchema, { sync: true });

function toInput(values: CreateBayValues) {
  return { ...values, sortOrder: values.sortOrder === '' ? undefined : values.sortOrder };
}

/**
 * 'Ny vaskehall': name, starting status and (optional) place in the order. On a facility's page the
 * facility is given; on the all-bays page it is picked.
 */
export function CreateBayModal({
  opened,
  onClose,
  locationId,
}: {
  opened: boolean;
  onClose: () => void;
  locationId?: string;
}) {
  const { t } = useTranslation();
  const createBay = useCreateBay();
  const form = useForm<CreateBayValues>({
    mode: 'controlled',
    initialValues: { locationId: locationId ?? null, name: '', status: 'operational', sortOrder: '' },
    validate: (values) => {
      const errors = checkBay(toInput(values));
      if (!values.locationId) errors.locationId = t('bays.fields.locationRequired');
      return errors;
    },
  });

  const close = () => {
    form.reset();
    createBay.reset();
    onClose();
  };

  const submit = (values: CreateBayValues) => {
    void createBay.mutateAsync(createBaySchema.parse(toInput(values))).then(
      (bay) => {
        notifySuccess(t('bays.create.success', { name: bay.name }));
        close();
      },
      (error: Error) => {
        const errors = apiFieldErrors(error, FIELDS);
        if (errors) form.setErrors(errors);
        else notifyError(apiErrorMessage(error, t));
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t('bays.create.title')} centered>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          {!locationId && (
            <LocationSelect
              label={t('bays.fields.location')}
              placeholder={t('bays.fields.locationPlaceholder')}
              withAsterisk
              value={form.values.locationId}
              onChange={(value) => form.setFieldValue('locationId', value)}
              error={form.errors.locationId}
            />
          )}
          <TextInput
            label={t('bays.fields.name')}
            placeholder={t('bays.fields.namePlaceholder')}
            autoComplete="off"
            data-autofocus
            withAsterisk
            {...form.getInputProps('name')}
          />
          <BayStatusSelect
            label={t('bays.fields.status')}
            value={form.values.status}
            onChange={(status) => form.setFieldValue('status', status)}
            error={form.errors.status}
          />
          <NumberInput
            label={t('bays.fields.sortOrder')}
            description={t('bays.fields.sortOrderHint')}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('sortOrder')}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={createBay.isPending}>
              {t('bays.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
