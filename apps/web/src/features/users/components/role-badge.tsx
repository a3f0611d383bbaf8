import { Badge } from '@mantine/core';
import type { Role } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';

const ROLE_COLORS: Record<Role, string> = {
  superadmin: 'grape',
  admin: 'blue',
  operator: 'teal',
  user: 'gray',
};

export function RoleBadge({ role }: { role: Role }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={ROLE_COLORS[role]} radius="sm">
      {t(`roles.${role}`)}
    </Badge>
  );
}
