import { Avatar, Group, Menu, Text, UnstyledButton, useMantineColorScheme } from '@mantine/core';
import {
  IconCheck,
  IconChevronDown,
  IconDeviceDesktop,
  IconLogout,
  IconMoon,
  IconSettings,
  IconSun,
  IconUserCircle,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MenuItemLink } from '../../components/menu-item-link';
import { useConfirmSignOut } from '../../features/auth';
import { useUpdateUserSettings } from '../../features/users';
import { useAuth } from '../../lib/auth-context';
import { notifyError } from '../../lib/notify';
import { useUserData } from '../../lib/user-data-query';
import { type ThemeMode, toColorScheme, toThemeMode } from '../theme/color-scheme-manager';
import classes from './user-menu.module.css';

const THEME_OPTIONS = [
  { mode: 'light', label: 'theme.light', icon: IconSun },
  { mode: 'dark', label: 'theme.dark', icon: IconMoon },
  { mode: 'system', label: 'theme.system', icon: IconDeviceDesktop },
] as const satisfies ReadonlyArray<{ mode: ThemeMode; label: string; icon: unknown }>;

function metadataText(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

export function UserMenu() {
  const { t } = useTranslation();
  const { user, role } = useAuth();
  const { profile } = useUserData();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const confirmSignOut = useConfirmSignOut();
  const saveSettings = useUpdateUserSettings();

  // The saved profile is newer than the token's copy once the user has changed their name.
  const firstName = profile?.firstName ?? metadataText(user?.user_metadata.firstName);
  const lastName = profile?.lastName ?? metadataText(user?.user_metadata.lastName);
  const fullName = [firstName, lastName].filter(Boolean).join(' ') || (user?.email ?? '');
  const initials =
    `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase() || fullName.charAt(0).toUpperCase();
  const currentMode = toThemeMode(colorScheme);

  // The choice applies at once in this browser and is saved with the user's theme config.
  const chooseTheme = (mode: ThemeMode) => {
    setColorScheme(toColorScheme(mode) ?? 'dark');
    saveSettings.mutate({ themeMode: mode }, { onError: () => notifyError(t('layout.themeSaveError')) });
  };

  return (
    <Menu position="bottom-end" width={260} shadow="lg" radius="md" withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.target} aria-label={t('layout.userMenu')}>
          <Avatar color="brand" variant="filled" radius="md" size={38}>
            {initials}
          </Avatar>
          <div className={classes.identity}>
            <Text size="sm" fw={600} lh={1.25} className={classes.name}>
              {fullName}
            </Text>
            {role && (
              <Text size="xs" c="dimmed" lh={1.25}>
                {t(`roles.${role}`)}
              </Text>
            )}
          </div>
          <IconChevronDown size={16} className={classes.chevron} aria-hidden />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Group gap="sm" p="sm" wrap="nowrap">
          <Avatar color="brand" variant="light" radius="md" size={42}>
            {initials}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} truncate>
              {fullName}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {user?.email}
            </Text>
          </div>
        </Group>
        <Menu.Divider />
        {user && (
          <>
            <MenuItemLink
              to="/admin/users/$userId"
              params={{ userId: user.id }}
              leftSection={<IconUserCircle size={16} aria-hidden />}
            >
              {t('layout.myProfile')}
            </MenuItemLink>
            <MenuItemLink
              to="/admin/users/$userId/edit"
              params={{ userId: user.id }}
              leftSection={<IconSettings size={16} aria-hidden />}
            >
              {t('layout.settings')}
            </MenuItemLink>
            <Menu.Divider />
          </>
        )}
        <Menu.Label>{t('theme.label')}</Menu.Label>
        {THEME_OPTIONS.map((option) => (
          <Menu.Item
            key={option.mode}
            leftSection={<option.icon size={16} aria-hidden />}
            rightSection={currentMode === option.mode ? <IconCheck size={16} aria-hidden /> : null}
            onClick={() => chooseTheme(option.mode)}
            aria-current={currentMode === option.mode ? 'true' : undefined}
          >
            {t(option.label)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={confirmSignOut}>
          {t('auth.signOut.menuItem')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
