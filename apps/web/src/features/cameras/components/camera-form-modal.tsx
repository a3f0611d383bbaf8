import { Button, Group, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type Camera, createCameraSchema, updateCameraSchema } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { apiFieldErrors } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { apiErrorMessage } from '../../../lib/use-api-error-message';
import { useCreateCamera } from '../api/create-camera';
import { useUpdateCamera } from '../api/update-camera';

interface CameraValues {
  name: string;
  snapshotUrl: string;
  streamUrl: string;
  sortOrder: number | string;
}

const FIELDS = ['name', 'snapshotUrl', 'streamUrl', 'sortOrder'] as const;
const checkCamera = schemaResolver(createCameraSchema, { sync: true });

function toInput(values: CameraValues) {
  return { ...values, sortOrder: values.sortOrder === '' ? undefined : Number(values.sortOrder) };
}

/** 'Nytt kamera' (no `camera`) or 'Rediger kamera': name, snapshot URL, optional stream page, order. */
export function CameraFormModal({
  locationId,
  camera,
  onClose,
}: {
  locationId: string;
  camera: Camera | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const createCamera = useCreateCamera();
  const updateCamera = useUpdateCamera();
  const form = useForm<CameraValues>({
    mode: 'controlled',
    initialValues: {
      name: camera?.name ?? '',
      snapshotUrl: camera?.snapshotUrl ?? '',
      streamUrl: camera?.streamUrl ?? '',
      sortOrder: camera?.sortOrder ?? '',
    },
    validate: (values) => checkCamera({ locationId, ...toInput(values) }),
  });

  const onError = (error: unknown) => {
    const errors = apiFieldErrors(error, FIELDS);
    if (errors) form.setErrors(errors);
    else notifyError(apiErrorMessage(error, t));
  };

  const submit = (values: CameraValues) => {
    const input = toInput(values);
    if (camera) {
      updateCamera.mutate(updateCameraSchema.parse({ id: camera.id, ...input }), {
        onSuccess: (saved) => {
          notifySuccess(t('cameras.edit.success', { name: saved.name }));
          onClose();
        },
        onError,
      });
    } else {
      createCamera.mutate(createCameraSchema.parse({ locationId, ...input }), {
        onSuccess: (saved) => {
          notifySuccess(t('cameras.create.success', { name: saved.name }));
          onClose();
        },
        onError,
      });
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={camera ? t('cameras.edit.title') : t('cameras.create.title')}
      centered
    >
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('cameras.fields.name')}
            placeholder={t('cameras.fields.namePlaceholder')}
            autoComplete="off"
            data-autofocus
            withAsterisk
            {...form.getInputProps('name')}
          />
          <TextInput
            label={t('cameras.fields.snapshotUrl')}
            description={t('cameras.fields.snapshotUrlHint')}
            placeholder="http://192.168.1.20/snapshot.jpg"
            type="url"
            autoComplete="off"
            withAsterisk
            {...form.getInputProps('snapshotUrl')}
          />
          <TextInput
            label={t('cameras.fields.streamUrl')}
            description={t('cameras.fields.streamUrlHint')}
            placeholder="https://"
            type="url"
            autoComplete="off"
            {...form.getInputProps('streamUrl')}
          />
          <NumberInput
            label={t('cameras.fields.sortOrder')}
            description={t('cameras.fields.sortOrderHint')}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('sortOrder')}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={createCamera.isPending || updateCamera.isPending}>
              {camera ? t('cameras.edit.submit') : t('cameras.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
