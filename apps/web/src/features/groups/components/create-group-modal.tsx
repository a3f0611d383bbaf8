import { Button, Group, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { createGroupSchema, GROUP_ERROR_CODES } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { apiFieldErrors } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { apiErrorMessage } from '../../../lib/use-api-error-message';
import { useCreateGroup } from '../api/create-group';
import { validateGroupForm } from '../group-form-validation';
import {
  GROUP_SWATCHES,
  GroupFormFields,
  type GroupFormValues,
  groupFieldErrors,
  toGroupInput,
} from './group-form-fields';

const FIELDS = ['name', 'description', 'config'] as const;

export function CreateGroupModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const createGroup = useCreateGroup();
  const form = useForm<GroupFormValues>({
    mode: 'uncontrolled',
    initialValues: { name: '', description: '', color: GROUP_SWATCHES[0] ?? '#50CD89' },
    validate: validateGroupForm,
  });

  const close = () => {
    form.reset();
    createGroup.reset();
    onClose();
  };

  const submit = (values: GroupFormValues) => {
    void createGroup.mutateAsync(createGroupSchema.parse(toGroupInput(values))).then(
      (group) => {
        notifySuccess(t('groups.create.success', { name: group.name }));
        close();
      },
      (error: Error) => {
        const fieldErrors = groupFieldErrors(
          apiFieldErrors(error, FIELDS, { [GROUP_ERROR_CODES.nameTaken]: 'name' }),
        );
        if (fieldErrors) form.setErrors(fieldErrors);
        else notifyError(apiErrorMessage(error, t));
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t('groups.create.title')} centered>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="lg">
          <GroupFormFields form={form} autoFocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={createGroup.isPending}>
              {t('groups.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
