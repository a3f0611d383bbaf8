import { NumberInput, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type Camera, createCameraSchema, updateCameraSchema } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { EntityFormModal, useCreateOrUpdateSubmit } from '../../../components/entity-form-modal';
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

  const save = useCreateOrUpdateSubmit({
    form,
    fields: FIELDS,
    onClose,
    create: {
      mutation: createCamera,
      input: (values) => createCameraSchema.parse({ locationId, ...toInput(values) }),
      success: (saved) => t('cameras.create.success', { name: saved.name }),
    },
    update: camera
      ? {
          mutation: updateCamera,
          input: (values) => updateCameraSchema.parse({ id: camera.id, ...toInput(values) }),
          success: (saved) => t('cameras.edit.success', { name: saved.name }),
        }
      : null,
  });

  return (
    <EntityFormModal
      opened
      onClose={save.close}
      title={camera ? t('cameras.edit.title') : t('cameras.create.title')}
      submitLabel={camera ? t('cameras.edit.submit') : t('cameras.create.submit')}
      pending={save.pending}
      onSubmit={form.onSubmit(save.submit)}
    >
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
    </EntityFormModal>
  );
}
