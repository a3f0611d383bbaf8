import { Alert, Button, Card, Group, NumberInput, Stack, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { type Bay, updateBaySchema } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { DangerZoneCard } from '../../../components/danger-zone-card';
import { apiFieldErrors } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { apiErrorMessage } from '../../../lib/use-api-error-message';
import { useDeleteBay } from '../api/delete-bay';
import { useUpdateBay } from '../api/update-bay';
import { type BayValues, changedBayFields } from '../changed-bay-fields';
import { BayStatusSelect } from '../components/bay-status-select';
import { useRouteBay } from '../use-route-bay';

const FIELDS = ['name', 'sortOrder', 'status'] as const;
const checkBay = schemaResolver(updateBaySchema, { sync: true });

function BayForm({ bay, updateBay }: { bay: Bay; updateBay: ReturnType<typeof useUpdateBay> }) {
  const { t } = useTranslation();
  const form = useForm<BayValues>({
    mode: 'controlled',
    initialValues: { name: bay.name, sortOrder: bay.sortOrder, status: bay.status },
    validate: (values) =>
      checkBay({ id: bay.id, ...values, sortOrder: values.sortOrder === '' ? undefined : values.sortOrder }),
  });

  const submit = (values: BayValues) => {
    const input = changedBayFields(bay, values);
    if (Object.keys(input).length === 1) {
      notifySuccess(t('bays.edit.unchanged'));
      return;
    }
    // The page keys the form by the bay's `updatedAt`, so the saved values come back as the new start.
    void updateBay.mutateAsync(updateBaySchema.parse(input)).then(
      (saved) => notifySuccess(t('bays.edit.success', { name: saved.name })),
      (error: Error) => {
        const errors = apiFieldErrors(error, FIELDS);
        if (errors) form.setErrors(errors);
        else notifyError(apiErrorMessage(error, t));
      },
    );
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('bays.fields.name')}
          autoComplete="off"
          withAsterisk
          {...form.getInputProps('name')}
        />
        <NumberInput
          label={t('bays.fields.sortOrder')}
          description={t('bays.fields.sortOrderEditHint')}
          min={0}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('sortOrder')}
        />
        <BayStatusSelect
          label={t('bays.fields.manualStatus')}
          description={t('bays.fields.manualStatusHint')}
          value={form.values.status}
          onChange={(status) => form.setFieldValue('status', status)}
          error={form.errors.status}
        />
        {form.values.status !== bay.status && (
          <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden />}>
            {t('bays.edit.statusChangeNote')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={updateBay.isPending}>
            {t('bays.edit.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /locations/{locationId}/bays/{bayId}/edit: name, order, manual status; deleting the bay. */
export function BayEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { locationId, bay } = useRouteBay();
  const deleteBay = useDeleteBay();
  const updateBay = useUpdateBay();
  if (!bay.data) return null;
  const current = bay.data;

  return (
    <Stack gap="lg" maw={760}>
      <Card padding="lg">
        <Title order={3} fz="md" mb="md">
          {t('bays.edit.details')}
        </Title>
        <BayForm key={`${current.id}:${current.updatedAt}`} bay={current} updateBay={updateBay} />
      </Card>
      <DangerZoneCard
        texts="bays.delete"
        name={current.name}
        mutation={deleteBay}
        variables={current.id}
        onDeleted={() => void navigate({ to: '/locations/$locationId/bays', params: { locationId } })}
      />
    </Stack>
  );
}
