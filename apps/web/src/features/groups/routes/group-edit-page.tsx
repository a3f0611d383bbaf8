import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { GROUP_ERROR_CODES, type GroupDetail } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { DangerZoneCard } from '../../../components/danger-zone-card';
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
    void updateGroup.mutateAsync({ id: group.id, ...toGroupInput(values) }).then(
      () => notifySuccess(t('groups.edit.success')),
      (error: Error) => {
        const fieldErrors = groupFieldErrors(
          apiFieldErrors(error, FIELDS, { [GROUP_ERROR_CODES.nameTaken]: 'name' }),
        );
        if (fieldErrors) form.setErrors(fieldErrors);
        else notifyError(apiErrorMessage(error, t));
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
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const deleteGroup = useDeleteGroup();
  return (
    <DangerZoneCard
      texts="groups.delete"
      name={group.name}
      mutation={deleteGroup}
      variables={group.id}
      onDeleted={async ({ id }) => {
        await navigate({ to: '/admin/groups', replace: true });
        forgetDeletedGroup(queryClient, id);
      }}
      // 'Gruppen er i bruk': said where the button is, so the way out (remove members) is next to it.
      refusal={(error) => (isApiError(error) && error.status === 409 ? error.message : null)}
    />
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
