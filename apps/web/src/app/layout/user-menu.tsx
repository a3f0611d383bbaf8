import { Avatar, Group, Menu, Text, UnstyledButton, useMantineColorScheme } from '@mantine/core';
import {
  IconCheck,
  IconChevronDown,
  IconDeviceDesktop,
  IconLogout,
  IconMoon,
  IconSun,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useConfirmSignOut } from '../../features/auth/use-confirm-sign-out';
import { useAuth } from '../../lib/auth-context';
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
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const confirmSignOut = useConfirmSignOut();

  const firstName = metadataText(user?.user_metadata.firstName);
  const lastName = metadataText(user?.user_metadata.lastName);
  const fullName = [firstName, lastName].filter(Boolean).join(' ') || (user?.email ?? '');
  const initials =
    `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase() || fullName.charAt(0).toUpperCase();
  const currentMode = toThemeMode(colorScheme);

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
        <Menu.Label>{t('theme.label')}</Menu.Label>
        {THEME_OPTIONS.map((option) => (
          <Menu.Item
            key={option.mode}
            leftSection={<option.icon size={16} aria-hidden />}
            rightSection={currentMode === option.mode ? <IconCheck size={16} aria-hidden /> : null}
            onClick={() => setColorScheme(toColorScheme(option.mode) ?? 'dark')}
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
