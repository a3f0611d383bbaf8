import { Alert, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { PERMISSION_MESSAGES } from '@vaskedrift/shared';
import { useUserData } from '../../../lib/user-data-query';
import { DesktopNotificationsCard } from '../components/desktop-notifications-card';
import { PasswordForm } from '../components/password-form';
import { ProfileForm } from '../components/profile-form';
import { PushDevicesCard } from '../components/push-devices-card';
import { SettingsForm } from '../components/settings-form';
import { TwoFactorSection } from '../components/two-factor-section';
import { UserAdminActions } from '../components/user-admin-actions';
import { useRouteUser } from '../use-route-user';
import { useUserPermissions } from '../user-permissions';

/**
 * /admin/users/{userId}/edit: open to every signed-in user (docs/domain.md, Roles and access); what shows is
 * what the shared rules allow (the server refuses the rest). Settings and two-factor are one's own only.
 */
export function UserEditPage() {
  const { user } = useRouteUser();
  const permissions = useUserPermissions(user.data);
  const { settings } = useUserData();
  if (!user.data) return null;

  if (!permissions.canEdit) {
    return (
      <Alert color="orange" variant="light" icon={<IconLock aria-hidden />}>
        {permissions.isAdmin ? PERMISSION_MESSAGES.targetAbove : PERMISSION_MESSAGES.onlyOwnProfile}
      </Alert>
    );
  }

  return (
    <Stack gap="lg">
      {/* Keyed by the user's update time, so a saved change elsewhere refills the form. */}
      <ProfileForm key={user.data.updatedAt} user={user.data} permissions={permissions} />
      <PasswordForm user={user.data} self={permissions.self} />
      {permissions.self && settings && <SettingsForm settings={settings} />}
      {permissions.self && settings && <DesktopNotificationsCard enabled={settings.desktopNotifications} />}
      {permissions.self && <PushDevicesCard />}
      {permissions.self && <TwoFactorSection />}
      {(permissions.canChangeStatus || permissions.canRemoveTwoFactor || permissions.canDelete) && (
        <UserAdminActions user={user.data} permissions={permissions} />
      )}
    </Stack>
  );
}
