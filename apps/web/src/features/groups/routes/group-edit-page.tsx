import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { GROUP_ERROR_CODES, type GroupDetail } from '@vaskedrift/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/confirm';
import { isApiError } from '../../../lib/api-client';
import { apiFieldErrors } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { apiErrorMessage } from '../../../lib/use-api-error-message';
import { forgetDeletedGroup, useDeleteGroup } from '../api/delete-group';
import { useUpdateGroup } from '../api/update-group';
import {
  GroupFormFields,
  type GroupFormValues,
  groupFieldErrors,
  toGroupInput,
} from '../components/group-form-fields';
import { validateGroupForm } from '../group-form-validation';
import { useRouteGroup } from '../use-route-group';

const FIELDS = ['name', 'description', 'config'] as const;

function EditGroupForm({ group }: { group: GroupDetail }) {
  const { t } = useTranslation();
  const updateGroup = useUpdateGroup();
  const form = useForm<GroupFormValues>({
    mode: 'uncontrolled',
    initialValues: { name: group.name, description: group.description, color: group.config.color },
    validate: validateGroupForm,
  });

  const submit = (values: GroupFormValues) =>
    updateGroup.mutate(
      { id: group.id, ...toGroupInput(values) },
      {
        onSuccess: () => notifySuccess(t('groups.edit.success')),
        onError: (error) => {
          const fieldErrors = groupFieldErrors(
            apiFieldErrors(error, FIELDS, { [GROUP_ERROR_CODES.nameTaken]: 'name' }),
          );
          if (fieldErrors) form.setErrors(fieldErrors);
          else notifyError(apiErrorMessage(error, t));
        },
      },
    );

  return (
    <Card padding="xl" component="section" aria-labelledby="group-form-title">
      <Title order={3} fz="md" mb="lg" id="group-form-title">
        {t('groups.edit.title')}
      </Title>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="lg" maw={560}>
          <GroupFormFields form={form} />
          <Group>
            <Button type="submit" loading={updateGroup.isPending}>
              {t('groups.edit.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function DeleteGroupCard({ group }: { group: GroupDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const deleteGroup = useDeleteGroup();
  const [refusal, setRefusal] = useState<string | null>(null);

  const remove = () =>
    deleteGroup.mutate(group.id, {
      onSuccess: async ({ id }) => {
        notifySuccess(t('groups.edit.deleted', { name: group.name }));
        await navigate({ to: '/admin/groups', replace: true });
        forgetDeletedGroup(queryClient, id);
      },
      onError: (error) => {
        // 'Gruppen er i bruk': said where the button is, so the way out (remove members) is next to it.
        if (isApiError(error) && error.status === 409) setRefusal(error.message);
        notifyError(apiErrorMessage(error, t));
      },
    });

  return (
    <Card padding="xl" component="section" aria-labelledby="group-delete-title">
      <Title order={3} fz="md" mb={4} id="group-delete-title">
        {t('groups.edit.deleteTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="lg">
        {t('groups.edit.deleteText')}
      </Text>
      {refusal && (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} mb="md" role="alert">
          {refusal}
        </Alert>
      )}
      <Button
        color="red"
        leftSection={<IconTrash size={16} aria-hidden />}
        loading={deleteGroup.isPending}
        onClick={() =>
          confirmAction({
            title: t('groups.edit.deleteTitle'),
            message: t('groups.edit.deleteConfirm', { name: group.name }),
            confirmLabel: t('groups.edit.delete'),
            onConfirm: remove,
          })
        }
      >
        {t('groups.edit.delete')}
      </Button>
    </Card>
  );
}

/** /admin/groups/{groupId}/edit: name, description and colour; and deleting the group. */
export function GroupEditPage() {
  const { group } = useRouteGroup();
  if (!group.data) return null;
  return (
    <Stack gap="lg">
      <EditGroupForm key={group.data.updatedAt} group={group.data} />
      <DeleteGroupCard group={group.data} />
    </Stack>
  );
}
