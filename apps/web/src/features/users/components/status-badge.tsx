import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A badge keeps its whole word: a narrow table column must not cut it to 'ADMINISTRA…'. */
const NO_TRUNCATE = { label: { overflow: 'visible' } };

/** 'Aktiv' or 'Deaktivert'. */
export function StatusBadge({ disabledAt }: { disabledAt: string | null }) {
  const { t } = useTranslation();
  return disabledAt ? (
    <Badge variant="light" color="red" radius="sm" style={{ flexShrink: 0 }} styles={NO_TRUNCATE}>
      {t('users.status.disabled')}
    </Badge>
  ) : (
    <Badge variant="light" color="green" radius="sm" style={{ flexShrink: 0 }} styles={NO_TRUNCATE}>
      {t('users.status.active')}
    </Badge>
  );
}
