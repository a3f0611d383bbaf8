import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** 'Aktiv' or 'Deaktivert'. */
export function StatusBadge({ disabledAt }: { disabledAt: string | null }) {
  const { t } = useTranslation();
  return disabledAt ? (
    <Badge variant="light" color="red" radius="sm">
      {t('users.status.disabled')}
    </Badge>
  ) : (
    <Badge variant="light" color="green" radius="sm">
      {t('users.status.active')}
    </Badge>
  );
}
