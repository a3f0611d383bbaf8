import { Badge } from '@mantine/core';
import type { Role } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';

/** A badge keeps its whole word: a narrow table column must not cut it to 'ADMINISTRA…'. */
const NO_TRUNCATE = { label: { overflow: 'visible' } };

const ROLE_COLORS: Record<Role, string> = {
  superadmin: 'grape',
  admin: 'blue',
  operator: 'teal',
  user: 'gray',
};

export function RoleBadge({ role }: { role: Role }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      color={ROLE_COLORS[role]}
      radius="sm"
      style={{ flexShrink: 0 }}
      styles={NO_TRUNCATE}
    >
      {t(`roles.${role}`)}
    </Badge>
  );
}
