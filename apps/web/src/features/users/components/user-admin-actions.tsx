import { Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconShieldOff, IconTrash, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { User } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/confirm';
import { fullName } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { apiErrorMessage } from '../../../lib/use-api-error-message';
import { forgetDeletedUser, useDeleteUser } from '../api/delete-user';
import { useDeleteUserFactors } from '../api/delete-user-factors';
import { useUpdateUser } from '../api/update-user';
import type { UserPermissions } from '../user-permissions';

/**
 * For admins: deactivate or activate the user, remove their two-factor sign-in (a lost phone), and delete
 * them (each asked first where it matters).
 */
export function UserAdminActions({ user, permissions }: { user: User; permissions: UserPermissions }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const updateUser = useUpdateUser();
  const deleteUser = useDeleteUser();
  const deleteFactors = useDeleteUserFactors();
  const name = fullName(user);
  const disabled = user.disabledAt !== null;

  const setDisabled = (value: boolean) =>
    updateUser.mutate(
      { id: user.id, disabled: value },
      {
        onSuccess: () =>
          notifySuccess(
            value ? t('users.edit.admin.deactivated', { name }) : t('users.edit.admin.activated', { name }),
          ),
        onError: (error) => notifyError(apiErrorMessage(error, t)),
      },
    );

  const removeTwoFactor = () =>
    deleteFactors.mutate(user.id, {
      onSuccess: () => notifySuccess(t('users.edit.admin.twoFactorRemoved', { name })),
      onError: (error) => notifyError(apiErrorMessage(error, t)),
    });

  const remove = () =>
    deleteUser.mutate(user.id, {
      onSuccess: async ({ id }) => {
        notifySuccess(t('users.edit.admin.deleted', { name }));
        await navigate({ to: '/admin/users', replace: true });
        forgetDeletedUser(queryClient, id);
      },
      onError: (error) => notifyError(apiErrorMessage(error, t)),
    });

  return (
    <Card padding="xl" component="section" aria-labelledby="user-admin-title">
      <Title order={3} fz="md" mb="lg" id="user-admin-title">
        {t('users.edit.admin.title')}
      </Title>
      <Stack gap="lg">
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
                {t('users.edit.admin.activate')}
              </Button>
            ) : (
              <Button
                variant="light"
                color="orange"
                leftSection={<IconUserOff size={16} aria-hidden />}
                loading={updateUser.isPending}
                onClick={() =>
                  confirmAction({
                    title: t('users.edit.admin.deactivate'),
                    message: t('users.edit.admin.deactivateConfirm', { name }),
                    confirmLabel: t('users.edit.admin.deactivate'),
                    onConfirm: () => setDisabled(true),
                  })
                }
              >
                {t('users.edit.admin.deactivate')}
              </Button>
            )}
          </Group>
        )}
        {permissions.canRemoveTwoFactor && (
          <>
            {permissions.canChangeStatus && <Divider />}
            <Group justify="space-between" gap="md">
              <Text size="sm" c="dimmed" style={{ flex: 1, minWidth: 200 }}>
                {t('users.edit.admin.removeTwoFactorText')}
              </Text>
              <Button
                variant="light"
                color="orange"
                leftSection={<IconShieldOff size={16} aria-hidden />}
                loading={deleteFactors.isPending}
                onClick={() =>
                  confirmAction({
                    title: t('users.edit.admin.removeTwoFactor'),
                    message: t('users.edit.admin.removeTwoFactorConfirm', { name }),
                    confirmLabel: t('users.edit.admin.removeTwoFactor'),
                    onConfirm: removeTwoFactor,
                  })
                }
              >
                {t('users.edit.admin.removeTwoFactor')}
              </Button>
            </Group>
          </>
        )}
        {(permissions.canChangeStatus || permissions.canRemoveTwoFactor) && permissions.canDelete && (
          <Divider />
        )}
        {permissions.canDelete && (
          <Group justify="space-between" gap="md">
            <Text size="sm" c="dimmed">
              {t('users.edit.admin.deleteText')}
            </Text>
            <Button
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              loading={deleteUser.isPending}
              onClick={() =>
                confirmAction({
                  title: t('users.edit.admin.delete'),
                  message: t('users.edit.admin.deleteConfirm', { name }),
                  confirmLabel: t('users.edit.admin.delete'),
                  onConfirm: remove,
                })
              }
            >
              {t('users.edit.admin.delete')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
