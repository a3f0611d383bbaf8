import { Button, Card, Group, Text, Title } from '@mantine/core';
import { IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { User } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/confirm';
import { DangerZoneCard } from '../../../components/danger-zone-card';
import { fullName } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { apiErrorMessage } from '../../../lib/use-api-error-message';
import { forgetDeletedUser, useDeleteUser } from '../api/delete-user';
import { useUpdateUser } from '../api/update-user';
import type { UserPermissions } from '../user-permissions';

function UserStatusCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const updateUser = useUpdateUser();
  const name = fullName(user);
  const disabled = user.disabledAt !== null;

  const setDisabled = (value: boolean) =>
    updateUser.mutate(
      { id: user.id, disabled: value },
      {
        onSuccess: () =>
          notifySuccess(
            value
              ? t('users.edit.admin.deactivate.success', { name })
              : t('users.edit.admin.activate.success', { name }),
          ),
        onError: (error) => notifyError(apiErrorMessage(error, t)),
      },
    );

  return (
    <Card padding="xl" component="section" aria-labelledby="user-admin-title">
      <Title order={3} fz="md" mb="lg" id="user-admin-title">
        {t('users.edit.admin.title')}
      </Title>
      <Group justify="space-between" gap="md">
        <Text size="sm" c="dimmed">
          {disabled ? t('users.edit.admin.statusDisabled') : t('users.edit.admin.statusActive')}
        </Text>
        {disabled ? (
          <Button
            variant="light"
            leftSection={<IconUserCheck size={16} aria-hidden />}
            loading={updateUser.isPending}
            onClick={() => setDisabled(false)}
          >
            {t('users.edit.admin.activate.button')}
          </Button>
        ) : (
          <Button
            variant="light"
            color="orange"
            leftSection={<IconUserOff size={16} aria-hidden />}
            loading={updateUser.isPending}
            onClick={() =>
              confirmAction({
                title: t('users.edit.admin.deactivate.title'),
                message: t('users.edit.admin.deactivate.confirm', { name }),
                confirmLabel: t('users.edit.admin.deactivate.confirmButton'),
                onConfirm: () => setDisabled(true),
              })
            }
          >
            {t('users.edit.admin.deactivate.button')}
          </Button>
        )}
      </Group>
    </Card>
  );
}

function DeleteUserCard({ user }: { user: User }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const deleteUser = useDeleteUser();
  return (
    <DangerZoneCard
      texts="users.delete"
      name={fullName(user)}
      mutation={deleteUser}
      variables={user.id}
      onDeleted={async ({ id }) => {
        await navigate({ to: '/admin/users', replace: true });
        forgetDeletedUser(queryClient, id);
      }}
    />
  );
}

/** For admins: deactivate or activate the user (asked first), and the card that deletes them. */
export function UserAdminActions({ user, permissions }: { user: User; permissions: UserPermissions }) {
  return (
    <>
      {permissions.canChangeStatus && <UserStatusCard user={user} />}
      {permissions.canDelete && <DeleteUserCard user={user} />}
    </>
  );
}
