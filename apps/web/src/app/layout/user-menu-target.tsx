import { Avatar, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { Role } from '@vaskedrift/shared';
import clsx from 'clsx';
import type { ComponentPropsWithoutRef, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth-context';
import { useUserData } from '../../lib/user-data-query';
import classes from './user-menu.module.css';

function metadataText(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** The signed-in user, their full name (or e-mail) and initials for the user menu's button. */
export function useUserIdentity() {
  const { user, role } = useAuth();
  const { profile } = useUserData();
  // The saved profile is newer than the token's copy once the user has changed their name.
  const firstName = profile?.firstName ?? metadataText(user?.user_metadata.firstName);
  const lastName = profile?.lastName ?? metadataText(user?.user_metadata.lastName);
  const fullName = [firstName, lastName].filter(Boolean).join(' ') || (user?.email ?? '');
  const initials =
    `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase() || fullName.charAt(0).toUpperCase();
  return { user, role, fullName, initials };
}

/**
 * What the button saw before the menu came (`deferred-user-menu.tsx`): asked once, by the menu's first
 * effect (a committed mount).
 */
export type TakeEarly = () => { tapped: boolean; focused: boolean };

/** The user menu's button: the avatar, name and role (`user-menu.tsx` makes it the menu's target). */
export function UserMenuTarget({
  fullName,
  initials,
  role,
  ref,
  className,
  ...props
}: {
  fullName: string;
  initials: string;
  role: Role | null | undefined;
  ref?: Ref<HTMLButtonElement>;
} & Omit<ComponentPropsWithoutRef<'button'>, 'role'>) {
  const { t } = useTranslation();
  return (
    // The menu's target props (its handlers, aria attributes and class) as the menu passes them.
    <UnstyledButton
      ref={ref}
      className={clsx(classes.target, className)}
      aria-label={t('layout.userMenu')}
      {...props}
    >
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
  );
}
