import { Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconShieldOff, IconUserCheck, IconUserOff } from '@tabler/icons-react';
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
import { useDeleteUserFactors } from '../api/delete-user-factors';
import { useUpdateUser } from '../api/update-user';
import type { UserPermissions } from '../user-permissions';

/** Deactivate or activate the user, and remove their two-factor sign-in (a lost phone); each asked first. */
function UserAdminCard({ user, permissions }: { user: User; permissions: UserPermissions }) {
  const { t } = useTranslation();
  const updateUser = useUpdateUser();
  const deleteFactors = useDeleteUserFactors();
  const name = fullName(user);
  const disabled = user.disabledAt !== null;

  const setDisabled = (value: boolean) =>
    void updateUser.mutateAsync({ id: user.id, disabled: value }).then(
      () =>
        notifySuccess(
          value
            ? t('users.edit.admin.deactivate.success', { name })
            : t('users.edit.admin.activate.success', { name }),
        ),
      (error: Error) => notifyError(apiErrorMessage(error, t)),
    );

  const removeTwoFactor = () =>
    void deleteFactors.mutateAsync(user.id).then(
      () => notifySuccess(t('users.edit.admin.removeTwoFactor.success', { name })),
      (error: Error) => notifyError(apiErrorMessage(error, t)),
    );

  return (
    <Card padding="xl" component="section" aria-labelledby="user-admin-title">
      <Title order={3} fz="md" mb="lg" id="user-admin-title">
        {t('users.edit.admin.title')}
      </Title>
      <Stack gap="md">
        {permissions.canChangeStatus && (
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
        )}
        {permissions.canChangeStatus && permissions.canRemoveTwoFactor && <Divider />}
        {permissions.canRemoveTwoFactor && (
          <Group justify="space-between" gap="md">
            <Text size="sm" c="dimmed" style={{ flex: 1, minWidth: 200 }}>
              {t('users.edit.admin.removeTwoFactor.text')}
            </Text>
            <Button
              variant="light"
              color="orange"
              leftSection={<IconShieldOff size={16} aria-hidden />}
              loading={deleteFactors.isPending}
              onClick={() =>
                confirmAction({
                  title: t('users.edit.admin.removeTwoFactor.title'),
                  message: t('users.edit.admin.removeTwoFactor.confirm', { name }),
                  confirmLabel: t('users.edit.admin.removeTwoFactor.confirmButton'),
                  onConfirm: removeTwoFactor,
                })
              }
            >
              {t('users.edit.admin.removeTwoFactor.button')}
            </Button>
          </Group>
        )}
      </Stack>
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

/** For admins: the user's status and two-factor (asked first), and the card that deletes them. */
export function UserAdminActions({ user, permissions }: { user: User; permissions: UserPermissions }) {
  return (
    <>
      {(permissions.canChangeStatus || permissions.canRemoveTwoFactor) && (
        <UserAdminCard user={user} permissions={permissions} />
      )}
      {permissions.canDelete && <DeleteUserCard user={user} />}
    </>
  );
}
