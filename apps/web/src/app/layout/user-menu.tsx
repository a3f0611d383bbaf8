import { Avatar, Group, Menu, Text, useMantineColorScheme } from '@mantine/core';
import {
  IconCheck,
  IconDeviceDesktop,
  IconLogout,
  IconMoon,
  IconSettings,
  IconSun,
  IconUserCircle,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuItemLink } from '../../components/menu-item-link';
import { useConfirmSignOut } from '../../features/auth';
import { useUpdateUserSettings } from '../../features/users';
import { notifyError } from '../../lib/notify';
import { type ThemeMode, toColorScheme, toThemeMode } from '../theme/color-scheme-manager';
import { type TakeEarly, UserMenuTarget, useUserIdentity } from './user-menu-target';

const THEME_OPTIONS = [
  { mode: 'light', label: 'theme.light', icon: IconSun },
  { mode: 'dark', label: 'theme.dark', icon: IconMoon },
  { mode: 'system', label: 'theme.system', icon: IconDeviceDesktop },
] as const satisfies ReadonlyArray<{ mode: ThemeMode; label: string; icon: unknown }>;

/**
 * The menu behind the user's button: profile, settings, theme, sign out. Loaded after the first page; it
 * takes the button over from `DeferredUserMenu`, opened if the button was tapped before and focused if it was.
 */
export function UserMenu({ takeEarly }: { takeEarly: TakeEarly }) {
  const { t } = useTranslation();
  const { user, role, fullName, initials } = useUserIdentity();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const confirmSignOut = useConfirmSignOut();
  const saveSettings = useUpdateUserSettings();
  const currentMode = toThemeMode(colorScheme);
  const [opened, setOpened] = useState(false);
  const target = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the menu takes the button over
  useEffect(() => {
    const early = takeEarly();
    if (early.focused) target.current?.focus();
    if (early.tapped) setOpened(true);
  }, []);

  // The choice applies at once in this browser and is saved with the user's theme config.
  const chooseTheme = (mode: ThemeMode) => {
    setColorScheme(toColorScheme(mode) ?? 'dark');
    void saveSettings.mutateAsync({ themeMode: mode }).catch(() => notifyError(t('layout.themeSaveError')));
  };

  return (
    <Menu
      position="bottom-end"
      width={260}
      shadow="lg"
      radius="md"
      withinPortal
      opened={opened}
      onChange={setOpened}
    >
      <Menu.Target>
        <UserMenuTarget ref={target} fullName={fullName} initials={initials} role={role} />
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
